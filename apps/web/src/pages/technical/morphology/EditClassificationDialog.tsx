import { Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MorphologyItem } from '../../../api/technical/morphologyApi';
import { AuthImage } from '../../clinical/AuthImage';
import { ClassificationPanel } from './ClassificationPanel';
import { clampConfidence, displayedClass, type CropClassification } from './labelingLogic';

const k = 'technical.morphology.edit';

/** Changes one item's class, confidence and notes with the labeling page's form. */
export function EditClassificationDialog({
  item,
  saving,
  onClose,
  onSave,
}: {
  readonly item: MorphologyItem | null;
  readonly saving: boolean;
  readonly onClose: () => void;
  readonly onSave: (item: MorphologyItem, classification: CropClassification) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby="edit-classification-title">
      <DialogTitle id="edit-classification-title">{t(`${k}.title`)}</DialogTitle>
      <DialogContent>
        {item !== null && (
          <Stack spacing={2} sx={{ pt: 1, minWidth: 360 }}>
            <AuthImage
              path={`/sarm/media/view-crop/${encodeURIComponent(item.crop_id)}`}
              alt={t(`${k}.cropAlt`)}
              height={140}
            />
            <ClassificationPanel
              key={item.id}
              initial={{
                className: displayedClass(item),
                confidence: clampConfidence(item.annotator_confidence),
                notes: item.notes,
              }}
              applyText={saving ? t(`${k}.saving`) : t(`${k}.save`)}
              busy={saving}
              onApply={(value) => onSave(item, value)}
              onCancel={onClose}
            />
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
