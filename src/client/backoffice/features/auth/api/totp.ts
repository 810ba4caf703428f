import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/permissions.ts';
import type { ChangePasswordInput } from '#shared/schemas/auth.ts';
import type {
  LoginSecondFactorInput,
  RecoveryCodes,
  RoleSecurity,
  TotpEnrolment,
  TotpStatus,
} from '#shared/schemas/totp.ts';
import type { User } from '#shared/schemas/utente.ts';
import { api } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The second factor's reads: the user's own status and the admin's per-role rule. */
export const totpQueries = {
  status: () =>
    queryOptions({
      queryKey: queryKeys.totp.status(),
      queryFn: () => api.get<TotpStatus>('/api/account/totp'),
    }),
  roles: () =>
    queryOptions({
      queryKey: queryKeys.totp.roles(),
      queryFn: () => api.get<RoleSecurity[]>('/api/security/roles'),
    }),
};

export function useTotpStatus() {
  return useQuery(totpQueries.status());
}

function useInvalidateStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.totp.status() });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => api.post<TotpEnrolment>('/api/account/totp/enrol') });
}

export function useConfirmEnrolment() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/api/account/totp/confirm', { code }),
    onSuccess: invalidate,
  });
}

export function useDisableTotp() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<{ otherSessionsEnded: number }>('/api/account/totp/disable', input),
    onSuccess: invalidate,
  });
}

export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidateStatus();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/api/account/totp/recovery-codes', { code }),
    onSuccess: invalidate,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api.post<{ otherSessionsEnded: number }>('/api/account/password', input),
  });
}

// The sign-in's second step. Each success stores the user like a plain sign-in does.

export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginSecondFactorInput) =>
      api.post<User & { recoveryCodesLeft?: number }>('/api/login/second-factor', input),
    onSuccess: ({ recoveryCodesLeft: _left, ...user }) =>
      queryClient.setQueryData(queryKeys.auth.user(), user),
  });
}

export function useLoginEnrolment() {
  return useMutation({
    mutationFn: (challenge: string) => api.post<TotpEnrolment>('/api/login/enrol', { challenge }),
  });
}

/** Confirms the enrolment of a sign-in; the user is stored only once the codes were seen. */
export function useLoginEnrolConfirm() {
  return useMutation({
    mutationFn: (input: { challenge: string; code: string }) =>
      api.post<{ user: User; recoveryCodes: string[] }>('/api/login/enrol/confirm', input),
  });
}

export function useSetRoleSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, totpRequired }: { role: Role; totpRequired: boolean }) =>
      api.put<RoleSecurity & { sessionsEnded: number }>(`/api/security/roles/${role}`, { totpRequired }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.totp.roles() }),
  });
}
