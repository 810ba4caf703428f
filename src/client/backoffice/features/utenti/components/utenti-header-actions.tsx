import { Landmark, Mail, ScrollText, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/button.tsx';

/** The Utenti screen's header buttons: the logs it leads to, and a new user. */
export function UtentiHeaderActions({ onCreate }: { onCreate: () => void }) {
  return (
    <>
      <Button variant="outline" asChild>
        <Link href={paths.registroAttivita}>
          <ScrollText aria-hidden />
          {msg.audit.button}
        </Link>
      </Button>
      <Button variant="outline" asChild>
        <Link href={paths.riepiloghiFiscali}>
          <Landmark aria-hidden />
          {msg.fisco.riepiloghi.link}
        </Link>
      </Button>
      <Button variant="outline" asChild>
        <Link href={paths.registroEmail}>
          <Mail aria-hidden />
          {msg.notifiche.registro.button}
        </Link>
      </Button>
      <Button onClick={onCreate}>
        <Plus aria-hidden />
        {msg.utentiScreen.create}
      </Button>
    </>
  );
}
