import { useEffect, useState } from 'react';
import { fetchImageUrl } from '../../api/clinicalApi';

/** The frame's image, fetched with the bearer token; `failed` when it cannot be loaded. */
export function useFrameImage(frameId: string) {
  const [state, setState] = useState<{ image: HTMLImageElement | null; failed: boolean }>({
    image: null,
    failed: false,
  });
  useEffect(() => {
    let url: string | null = null;
    let active = true;
    setState({ image: null, failed: false });
    fetchImageUrl(`/sarm/media/view-frame/${encodeURIComponent(frameId)}`).then(
      (objectUrl) => {
        url = objectUrl;
        const image = new Image();
        image.onload = () => active && setState({ image, failed: false });
        image.onerror = () => active && setState({ image: null, failed: true });
        image.src = objectUrl;
      },
      () => active && setState({ image: null, failed: true }),
    );
    return () => {
      active = false;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [frameId]);
  return state;
}
