import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../../lib/preferences-store';
import { ActorName } from './actor-name';

describe('who made a history entry', () => {
  it('names a key as a key in the UI language, and a person by their username', () => {
    const view = render(<ActorName actor={{ id: null, username: 'key: ERP sync', apiKey: 4 }} />);
    expect(view.container).toHaveTextContent(/^Key: \u2068ERP sync\u2069$/);
    usePreferences.setState({ language: 'ar' });
    view.rerender(<ActorName actor={{ id: null, username: 'key: ERP sync', apiKey: 4 }} />);
    expect(view.container).toHaveTextContent(/^مفتاح: \u2068ERP sync\u2069$/);
    view.rerender(<ActorName actor={{ id: 7, username: 'key: maybe a person', apiKey: null }} />);
    expect(screen.getByText('key: maybe a person')).toBeInTheDocument();
  });
});
