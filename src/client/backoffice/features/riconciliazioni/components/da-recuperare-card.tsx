import { HandCoins } from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { Money } from '#client/components/ui/money.tsx';
import { StatCard } from '#client/components/ui/stat-card.tsx';
import { useDaRecuperare } from '#client/backoffice/features/riconciliazioni/api/riconciliazioni.ts';

const m = msg.riconciliazione;

/**
 * 'Da recuperare dai fornitori' on the dashboard of admin and amministrazione: what open
 * reconciliations of ended months still expect (docs/product/fornitori-riconciliazione.md#da-recuperare-dai-fornitori).
 */
export function DaRecuperareCard() {
  const { data } = useDaRecuperare(true);
  return (
    <StatCard
      id="da-recuperare-fornitori"
      title={m.cardTitolo}
      value={<Money value={data?.importo ?? '0.00'} />}
      subtitle={m.cardSub(data?.riconciliazioni ?? 0)}
      icon={HandCoins}
      tone="yellow"
    />
  );
}
