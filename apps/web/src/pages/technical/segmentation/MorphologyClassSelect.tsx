import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MORPHOLOGY_CLASSES, type MorphologyClass } from '@sarm/contracts';

/** The review list's morphology classes as a select, named in the segmentation texts. */
export function MorphologyClassSelect(props: {
  readonly label: string;
  readonly value: MorphologyClass;
  readonly onChange: (value: MorphologyClass) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) =>
        props.onChange(MORPHOLOGY_CLASSES.find((c) => c === event.target.value) ?? 'normal')
      }
    >
      {MORPHOLOGY_CLASSES.map((value) => (
        <MenuItem key={value} value={value}>
          {t(`technical.segmentation.classes.${value}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
