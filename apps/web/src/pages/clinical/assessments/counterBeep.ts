import type { CounterEventType } from './tallyCounter';

/**
 * A short click per key, like the mechanical counter's, with the Web Audio API. Audio is a
 * courtesy: where it is missing or refused (no AudioContext, autoplay rules, a test browser)
 * every call returns quietly and counting goes on.
 */

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  try {
    if (context === null && typeof window !== 'undefined' && 'AudioContext' in window)
      context = new window.AudioContext();
    return context;
  } catch {
    return null;
  }
}

/** Pitch and length per event: a higher, longer tone when a replicate closes, a low one when ignored. */
function toneOf(type: CounterEventType): { hz: number; seconds: number } | null {
  switch (type) {
    case 'counted':
    case 'defect_on':
    case 'defect_off':
      return { hz: 880, seconds: 0.03 };
    case 'undone':
      return { hz: 440, seconds: 0.05 };
    case 'replicate_done':
    case 'finished':
      return { hz: 1320, seconds: 0.25 };
    case 'ignored_done':
    case 'ignored_pending':
    case 'ignored_empty':
      return { hz: 220, seconds: 0.12 };
    case 'started':
      return null;
  }
}

/** Plays the tone of a counter event; never throws. */
export function beepFor(type: CounterEventType): void {
  const tone = toneOf(type);
  const audio = audioContext();
  if (tone === null || audio === null) return;
  try {
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = tone.hz;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + tone.seconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + tone.seconds);
  } catch {
    // Audio refused: the flash on screen still shows the key was taken.
  }
}
