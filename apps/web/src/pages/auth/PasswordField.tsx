import { useState } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '@sarm/contracts';
import { AuthTextField, type AuthTextFieldProps } from './AuthTextField';

type PasswordFieldProps = Omit<AuthTextFieldProps, 'type' | 'maxLength' | 'endAdornment'>;

/** Password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const label = visible ? t('common.hidePassword') : t('common.showPassword');
  return (
    <AuthTextField
      {...props}
      type={visible ? 'text' : 'password'}
      maxLength={PASSWORD_MAX}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={label} onClick={() => setVisible((v) => !v)} edge="end">
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
