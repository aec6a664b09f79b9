import { render, screen } from '@testing-library/react';
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
});
