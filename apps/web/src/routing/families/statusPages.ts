// The status screens a guard or an unknown address leads to.
export { AccountInactivePage } from '../../pages/status/AccountInactivePage';
export { NotFoundPage } from '../../pages/status/NotFoundPage';
export { UnauthorizedPage } from '../../pages/status/UnauthorizedPage';
export { IncompleteProfilePage } from '../../pages/wizard/IncompleteProfilePage';
