import { Car, Flame, Landmark, ShieldCheck, Wifi, Zap, type LucideIcon } from 'lucide-react';
import type { ServizioRichiedibile } from '#shared/domain.ts';

export interface ServiceCard {
  code: ServizioRichiedibile;
  title: string;
  subtitle: string;
  icon: LucideIcon;
  /** Tailwind classes of the icon's tile. */
  tone: string;
}

/** Step 1 cards, in order. See docs/product/landing.md#passo-1-servizi */
export const MAIN_SERVICES: ServiceCard[] = [
  {
    code: 'luce',
    title: 'Luce',
    subtitle: 'Energia elettrica',
    icon: Zap,
    tone: 'bg-amber-100 text-amber-700',
  },
  { code: 'gas', title: 'Gas', subtitle: 'Gas naturale', icon: Flame, tone: 'bg-orange-100 text-orange-700' },
  {
    code: 'internet',
    title: 'Internet a casa',
    subtitle: 'Fibra ottica',
    icon: Wifi,
    tone: 'bg-sky-100 text-sky-700',
  },
  {
    code: 'noleggio',
    title: 'Noleggio',
    subtitle: 'Auto e Moto',
    icon: Car,
    tone: 'bg-violet-100 text-violet-700',
  },
];

/** Offered only on the demo landing. */
export const DEMO_SERVICES: ServiceCard[] = [
  {
    code: 'finanziamenti',
    title: 'Finanziamenti',
    subtitle: 'Prestiti e Mutui',
    icon: Landmark,
    tone: 'bg-emerald-100 text-emerald-700',
  },
  {
    code: 'assicurazioni',
    title: 'Assicurazioni',
    subtitle: 'Auto, Casa, Vita',
    icon: ShieldCheck,
    tone: 'bg-rose-100 text-rose-700',
  },
];
