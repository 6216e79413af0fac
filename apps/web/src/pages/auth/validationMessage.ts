import type { TFunction } from 'i18next';
import type { ValidationError } from './validation';

export function validationMessage(t: TFunction, error: ValidationError): string {
  return error.key === 'validation.passwordTooShort' ? t(error.key, error.values) : t(error.key);
}
