// The signed-out screens other than sign-in, which stays in the start-up chunk.
export { ForgotPasswordPage } from '../../pages/auth/ForgotPasswordPage';
export { RegisterPage } from '../../pages/auth/RegisterPage';
export { ResetPasswordPage } from '../../pages/auth/ResetPasswordPage';
