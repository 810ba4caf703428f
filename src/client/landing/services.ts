import { Car, Flame, Landmark, ShieldCheck, Wifi, Zap, type LucideIcon } from 'lucide-react';
import {
  SERVIZI_SOLO_DEMO,
  landingCards,
  servizioInfo,
  type ServizioRichiedibile,
} from '#shared/servizi-catalogo.ts';

export interface ServiceCard {
  code: ServizioRichiedibile;
  title: string;
  subtitle: string;
  icon: LucideIcon;
  /** Tailwind classes of the icon's tile. */
  tone: string;
}

/** How each kind a landing can offer looks; which kinds and their texts come from the catalogue. */
const LOOK: Partial<Record<ServizioRichiedibile, { icon: LucideIcon; tone: string }>> = {
  luce: { icon: Zap, tone: 'bg-amber-100 text-amber-700' },
  gas: { icon: Flame, tone: 'bg-orange-100 text-orange-700' },
  internet: { icon: Wifi, tone: 'bg-sky-100 text-sky-700' },
  noleggio: { icon: Car, tone: 'bg-violet-100 text-violet-700' },
  finanziamenti: { icon: Landmark, tone: 'bg-emerald-100 text-emerald-700' },
  assicurazioni: { icon: ShieldCheck, tone: 'bg-rose-100 text-rose-700' },
};

function cardOf(code: ServizioRichiedibile): ServiceCard {
  const info = servizioInfo(code)!;
  const look = LOOK[code] ?? { icon: Zap, tone: 'bg-slate-100 text-slate-700' };
  return { code, title: info.card?.title ?? info.label, subtitle: info.card?.subtitle ?? '', ...look };
}

/** Step 1 cards, in order. See docs/product/landing.md#passo-1-servizi */
export const serviceCards = (isDemo: boolean): ServiceCard[] => landingCards(isDemo).map(cardOf);

/** Shown as 'In Arrivo' outside the demo point: the kinds only the demo offers yet. */
export const comingSoonCards = (): ServiceCard[] => SERVIZI_SOLO_DEMO.map(cardOf);
