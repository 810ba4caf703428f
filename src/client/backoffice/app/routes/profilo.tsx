import { msg } from '#shared/messages.ts';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { ProfiloDati } from '#client/backoffice/features/profilo/components/profilo-dati.tsx';
import { VerificaDuePassaggi } from '#client/backoffice/features/auth/components/verifica-due-passaggi.tsx';
import { CambiaPassword } from '#client/backoffice/features/auth/components/cambia-password.tsx';
import { PreferenzeEmail } from '#client/backoffice/features/notifiche/components/preferenze-email.tsx';

/** The signed-in user's page. Features with personal settings add their own section below. */
export function ProfiloRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="max-w-3xl">
      <PageHeader title={msg.profilo.title} subtitle={msg.profilo.subtitle} />
      <div className="grid gap-6">
        <ProfiloDati user={user} />
        <VerificaDuePassaggi />
        <CambiaPassword />
        <PreferenzeEmail role={user.role} />
      </div>
    </div>
  );
}
