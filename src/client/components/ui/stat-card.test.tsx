import { render, screen } from '@testing-library/react';
import { Euro, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Money } from '#client/components/ui/money.tsx';
import { BannerCard, StatCard } from '#client/components/ui/stat-card.tsx';

const figure = () => screen.getByTestId('stat-totale-value');

describe('StatCard', () => {
  it.each<[string, ReactNode, string]>([
    ['an amount in tens of millions', <Money key="m" value="69161790.25" />, '€ 69.161.790,25'],
    ['a count in millions', 1005163, '1.005.163'],
    ['the largest amount an account holds', <Money key="m" value="9999999999.99" />, '€ 9.999.999.999,99'],
  ])('%s stays whole, on one line, and sizes itself on its length', (_, value, text) => {
    render(<StatCard id="totale" title="Commissioni Totali" value={value} icon={Euro} />);
    // One element holds the whole figure: nothing splits it into pieces or lets it wrap.
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(figure()).toHaveTextContent(text, { normalizeWhitespace: false });
    expect(figure()).toHaveClass('whitespace-nowrap');
    expect(figure().className).not.toMatch(/overflow-wrap|break-all|break-words/);
    // The font size divides the card's width by this length (see Figure in stat-card.tsx).
    expect(figure().style.getPropertyValue('--figure-chars')).toBe(String(text.length));
  });

  it('a short figure keeps the full size of the card', () => {
    render(<StatCard id="totale" title="Punti Fisici" value={501} icon={Euro} />);
    expect(figure()).toHaveTextContent('501');
    expect(figure().style.getPropertyValue('--figure-chars')).toBe('3');
    expect(figure().className).toContain('min(1.25rem,');
    expect(figure().className).toContain('sm:text-[length:min(1.5rem,');
  });

  it('a negative amount keeps its Storno mark beside it, and counts it in its length', () => {
    render(<StatCard id="totale" title="Da Incassare" value={<Money value="-1234567.89" />} icon={Euro} />);
    expect(figure()).toHaveTextContent('€ -1.234.567,89Storno');
    expect(screen.getByText('€ -1.234.567,89')).toBeInTheDocument();
    expect(figure().style.getPropertyValue('--figure-chars')).toBe('21');
  });

  it('follows a new figure after a refresh', () => {
    const { rerender } = render(<StatCard id="totale" title="Lead Totali" value={999} icon={Euro} />);
    expect(figure().style.getPropertyValue('--figure-chars')).toBe('3');
    rerender(<StatCard id="totale" title="Lead Totali" value={1000000} icon={Euro} />);
    expect(figure()).toHaveTextContent('1.000.000');
    expect(figure().style.getPropertyValue('--figure-chars')).toBe('9');
  });
});

describe('BannerCard', () => {
  it('an amount in tens of millions stays whole, on one line', () => {
    render(
      <BannerCard
        id="totale"
        title="Questo Mese"
        value={<Money value="19162483.00" onDark />}
        subtitle="Commissioni del mese"
        icon={Wallet}
        className="bg-green-700"
      />,
    );
    expect(screen.getByText('€ 19.162.483,00')).toBeInTheDocument();
    expect(figure()).toHaveClass('whitespace-nowrap');
    expect(figure().style.getPropertyValue('--figure-chars')).toBe('15');
  });
});
