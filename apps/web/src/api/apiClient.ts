import { i18n } from '../i18n';
import { createApiClient, type ClientMessage } from './client';

function describeClientMessage(message: ClientMessage): string {
  switch (message.key) {
    case 'errors.http':
      return i18n.t('errors.http', message.values);
    case 'errors.fetch':
    case 'errors.timeout':
    case 'errors.parsing':
      return i18n.t(message.key);
  }
}

/** The browser's API client: real fetch, local storage and a full-page move to the login page on 401. */
export const apiClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  store: window.localStorage,
  currentPath: () => window.location.pathname,
  // A full navigation drops every piece of in-memory state that belonged to the expired session.
  redirect: (url) => window.location.assign(url),
  describe: describeClientMessage,
});
