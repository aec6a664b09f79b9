import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { SynonymFormPage } from './synonym-form-page';

const routes = [
  { path: '/admin/family/synonyms/create', element: <SynonymFormPage /> },
  { path: '/admin/family/synonyms/edit/:id', element: <SynonymFormPage /> },
  { path: '/admin/family/synonyms/list', element: <p>Synonym list reached</p> },
];

const families = () => ({
  status: 200,
  body: {
    data: [
      {
        id: 3,
        name: { ar: 'النخيل', en: 'Al Nakheel' },
        nameAr: 'النخيل',
        nameEn: 'Al Nakheel',
        logo: null,
        image: null,
        cover: null,
        requireValidGtin: false,
        status: 'published',
        publishAt: null,
      },
    ],
    count: 1,
  },
});

async function pickFamily() {
  await userEvent.click(await screen.findByRole('combobox', { name: /Family/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Al Nakheel' }));
}

describe('synonym form', () => {
  it('sends the words typed one a line or between commas, each once', async () => {
    const requests = mockApi({
      'GET /api/family': families,
      'POST /api/synonyms': () => ({
        status: 201,
        body: { id: 9, family: 3, words: ['تمر', 'تمور', 'dates'] },
      }),
    });
    renderRoutes(routes, '/admin/family/synonyms/create');
    await pickFamily();
    await userEvent.type(
      screen.getByRole('textbox', { name: /^Words/ }),
      'تمر{Enter}تمور، dates,{Enter}Dates',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Synonym list reached')).toBeInTheDocument();
    const save = requests.find((r) => r.method === 'POST');
    expect(save?.body).toEqual({ family: 3, words: ['تمر', 'تمور', 'dates'] });
  });

  it('asks for two different words before sending anything', async () => {
    const requests = mockApi({ 'GET /api/family': families });
    renderRoutes(routes, '/admin/family/synonyms/create');
    await pickFamily();
    await userEvent.type(screen.getByRole('textbox', { name: /^Words/ }), 'heinz{Enter}HEINZ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Give at least two different words')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the server refusal of a word another group holds on the words field, with its request id', async () => {
    mockApi({
      'GET /api/family': families,
      'POST /api/synonyms': () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'words: "heinz" is already in another synonym group of this family',
          details: [
            {
              path: 'body.words',
              code: 'synonym.wordTaken',
              params: { word: 'heinz' },
              message: '"heinz" is already in another synonym group of this family',
            },
          ],
          requestId: '5b0c2f1e-8d7a-4c33-9e61-2f0a6b9d4c10',
        },
      }),
    });
    expectConsoleErrors(1);
    renderRoutes(routes, '/admin/family/synonyms/create');
    await pickFamily();
    await userEvent.type(screen.getByRole('textbox', { name: /^Words/ }), 'heinz{Enter}ketchup');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findAllByText('"heinz" is already in another synonym group of this family'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /^Words/ })).toHaveAttribute('aria-invalid', 'true');
    // In small print under the message, for whoever reads the server's log.
    expect(screen.getByRole('alert')).toHaveTextContent('Reference: 5b0c2f1e-8d7a-4c33-9e61-2f0a6b9d4c10');
  });
});
