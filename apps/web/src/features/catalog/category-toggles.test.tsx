import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CategoryToggles } from './category-toggles';

const category = (id: number, en: string, logo: string | null) => ({
  id,
  name: { ar: en, en },
  nameAr: en,
  nameEn: en,
  family: 1,
  parent: null,
  logo,
  image: null,
});

describe('category toggles', () => {
  it("show each category's logo beside its name, and none for a category without one", () => {
    render(
      <CategoryToggles
        categories={[category(1, 'Dates', 'DatesLogo01.webp'), category(2, 'Juices', null)]}
        value={null}
        onChange={() => undefined}
      />,
    );
    const dates = screen.getByRole('button', { name: 'Dates' });
    const logo = dates.querySelector('img');
    expect(logo).toHaveAttribute('src', expect.stringMatching(/\/DatesLogo01\.webp$/));
    // Decorative: the toggle is named by its text.
    expect(logo).toHaveAttribute('alt', '');
    expect(screen.getByRole('button', { name: 'Juices' }).querySelector('img')).toBeNull();
  });

  it.each([
    ['ltr', 1],
    ['rtl', -1],
  ] as const)(
    'scroll sideways with a mouse wheel (%s), and leave the wheel to the page at the end',
    (dir, sign) => {
      const categories = Array.from({ length: 30 }, (_, i) => category(i + 1, `Category ${i + 1}`, null));
      render(
        <div dir={dir}>
          <CategoryToggles categories={categories} value={null} onChange={() => undefined} />
        </div>,
      );
      const row = screen.getByRole('group').parentElement!;
      // jsdom lays nothing out: a row 300 px wide showing 1 000 px of toggles.
      Object.defineProperty(row, 'clientWidth', { value: 300 });
      Object.defineProperty(row, 'scrollWidth', { value: 1000 });
      row.style.direction = dir;

      expect(fireEvent.wheel(row, { deltaY: 120 })).toBe(false);
      expect(row.scrollLeft).toBe(sign * 120);
      // A trackpad's sideways swipe scrolls the row by itself.
      expect(fireEvent.wheel(row, { deltaX: 80, deltaY: 10 })).toBe(true);
      expect(row.scrollLeft).toBe(sign * 120);
      // At the end, the page scrolls on.
      row.scrollLeft = sign * 700;
      expect(fireEvent.wheel(row, { deltaY: 120 })).toBe(true);
      expect(row.scrollLeft).toBe(sign * 700);
      // Back up, toward the start.
      expect(fireEvent.wheel(row, { deltaY: -100 })).toBe(false);
      expect(row.scrollLeft).toBe(sign * 600);
    },
  );
});
