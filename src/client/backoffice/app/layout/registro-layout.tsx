import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';

/**
 * The shell of the admin's two logs reached from Utenti (registro e-mail, registro attività): the
 * title, its subtitle and the way back to Utenti in the header, then the log itself.
 */
export function RegistroLayout(props: {
  title: string;
  subtitle: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={
          <Button variant="outline" asChild>
            <Link href={paths.utenti}>
              <ArrowLeft aria-hidden />
              {props.backLabel}
            </Link>
          </Button>
        }
      />
      {props.children}
    </>
  );
}
