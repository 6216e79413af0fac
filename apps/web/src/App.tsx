import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/queryClient';
import { AuthProvider } from './auth/AuthProvider';
import { UserPreferencesSync } from './auth/UserPreferencesSync';
import { FeedbackProvider } from './feedback/FeedbackProvider';
import { AppRoutes } from './routing/AppRoutes';
import { AppThemeProvider } from './theme/AppThemeProvider';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppThemeProvider>
          <FeedbackProvider>
            <AuthProvider>
              <UserPreferencesSync />
              <AppRoutes />
            </AuthProvider>
          </FeedbackProvider>
        </AppThemeProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
