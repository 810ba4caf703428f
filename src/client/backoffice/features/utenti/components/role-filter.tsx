import { msg } from '#shared/messages.ts';
import { useId } from 'react';
import { isRole, ROLE_TITLES, ROLES, type Role } from '#shared/permissions.ts';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

/** 'Filtra per ruolo': one of the five roles, or all. */
export function RoleFilter({
  value,
  onChange,
}: {
  value: Role | undefined;
  onChange: (role: Role | undefined) => void;
}) {
  const filterId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={filterId}>{msg.utentiScreen.roleFilter}</Label>
      <NativeSelect
        id={filterId}
        value={value ?? ''}
        onChange={(e) => onChange(isRole(e.target.value) ? e.target.value : undefined)}
      >
        <option value="">{msg.utentiScreen.allRoles}</option>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_TITLES[r]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
