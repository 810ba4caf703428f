import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Money } from '#client/components/ui/money.tsx';

describe('Money', () => {
  it.each([
    ['30.00', '€ 30,00'],
    [123456, '€ 1.234,56'],
    ['0', '€ 0,00'],
  ])('shows %j as %s, without the storno mark', (value, text) => {
    const { container } = render(<Money value={value} />);
    expect(container).toHaveTextContent(text);
    expect(container).not.toHaveTextContent('Storno');
    expect(container.querySelector('.text-red-700')).toBeNull();
  });

  it.each([
    ['-40.00', '€ -40,00'],
    [-173, '€ -1,73'],
  ])('shows %j red, with the word Storno beside it', (value, text) => {
    const { container } = render(<Money value={value} />);
    expect(container).toHaveTextContent(`${text}Storno`);
    expect(container.firstElementChild).toHaveClass('text-red-700');
    expect(container.firstElementChild).not.toHaveClass('text-green-700');
  });

  it('puts a negative amount on a white chip over a coloured banner', () => {
    render(<Money value="-5.00" onDark />);
    expect(screen.getByText('€ -5,00').parentElement).toHaveClass('bg-white', 'text-red-700');
  });
});
