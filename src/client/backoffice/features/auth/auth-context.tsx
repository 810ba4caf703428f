import { createContext, useContext, type ReactNode } from 'react';
import { msg } from '#shared/messages.ts';
import type { User } from '#shared/schemas/utente.ts';
import { useCurrentUser } from '#client/backoffice/features/auth/api/auth.ts';

interface AuthState {
  user: User | null;
  isLoading: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isLoading, error } = useCurrentUser();
  // Failures other than 401 are raised.
  if (error) throw error;
  return <AuthContext.Provider value={{ user: data ?? null, isLoading }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error(msg.auth.useAuthOutsideProvider);
  return ctx;
}
