import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { CountedModule } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultKeyMap,
  keyOf,
  normalizeKey,
  validateKeyMap,
  withKey,
  type CounterKeyMap,
} from './counterKeys';
import { CATEGORY_KEYS, KEY_PROBLEM_KEYS, MODULE_KEYS } from './labelKeys';

/** Changes the key of each of a module's categories; saving is refused while two keys clash. */
export function KeyMapDialog(props: {
  readonly module: CountedModule;
  readonly keys: CounterKeyMap;
  readonly onSave: (keys: CounterKeyMap) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [keys, setKeys] = useState<CounterKeyMap>(props.keys);
  const problems = validateKeyMap(keys);
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {t('assessments.keysDialog.title', { module: t(MODULE_KEYS[props.module]) })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('assessments.keysDialog.hint')}
        </Typography>
        <Stack spacing={2}>
          {keys.map(({ category }) => {
            const problem = problems.find((p) => p.category === category)?.problem;
            return (
              <TextField
                key={category}
                size="small"
                label={t(CATEGORY_KEYS[category])}
                value={keyOf(keys, category)}
                error={problem !== undefined}
                helperText={problem === undefined ? ' ' : t(KEY_PROBLEM_KEYS[problem])}
                onChange={(event) =>
                  // The last character typed replaces the key, so a field never holds two.
                  setKeys(withKey(keys, category, normalizeKey(event.target.value.slice(-1))))
                }
                slotProps={{ htmlInput: { 'data-testid': `counter-key-${category}` } }}
              />
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setKeys(defaultKeyMap(props.module))}>
          {t('assessments.keysDialog.defaults')}
        </Button>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={problems.length > 0}
          onClick={() => props.onSave(keys)}
        >
          {t('assessments.keysDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
