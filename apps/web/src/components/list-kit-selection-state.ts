import { useCallback, useMemo, useState } from 'react';

interface Ticked {
  /** The search and filters the rows were ticked under. */
  queryKey: string;
  ids: ReadonlySet<number>;
  allMatching: boolean;
}

const NONE: ReadonlySet<number> = new Set();

/** The rows a bulk action acts on: the ones ticked, or every row the list's search and filters match. */
export interface ListSelection {
  /** The ticked rows' ids (every page's); empty when `allMatching`. */
  ids: readonly number[];
  /** Every row matching `query`, on every page. */
  allMatching: boolean;
  /** How many rows the action will touch. */
  count: number;
  /** The list's search and filters, without paging: what "all matching" means. */
  query: Record<string, string | number | undefined>;
  clear: () => void;
}

export interface ListSelectionState {
  selection: ListSelection;
  ticked: ReadonlySet<number>;
  /** Ticks (`on`) or unticks the rows. */
  tick: (ids: readonly number[], on: boolean) => void;
  selectAllMatching: () => void;
}

/**
 * What is ticked in a list. A new search or filter starts again from nothing: rows ticked under the
 * old one may not match the new one.
 */
export function useListSelection(query: ListSelection['query'], matching: number): ListSelectionState {
  const queryKey = JSON.stringify(query);
  const [state, setState] = useState<Ticked>({ queryKey, ids: new Set(), allMatching: false });
  // What was ticked under another search or filter is forgotten, not carried over.
  const current = state.queryKey === queryKey ? state : { queryKey, ids: NONE, allMatching: false };
  const ticked = current.ids;
  const allMatching = current.allMatching;
  const clear = useCallback(() => setState({ queryKey, ids: new Set(), allMatching: false }), [queryKey]);
  const tick = useCallback(
    (ids: readonly number[], on: boolean) =>
      setState((was) => {
        const next = new Set(was.queryKey === queryKey ? was.ids : NONE);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return { queryKey, ids: next, allMatching: false };
      }),
    [queryKey],
  );
  const selection = useMemo<ListSelection>(
    () => ({
      ids: allMatching ? [] : [...ticked],
      allMatching,
      count: allMatching ? matching : ticked.size,
      query: JSON.parse(queryKey) as ListSelection['query'],
      clear,
    }),
    [allMatching, ticked, matching, queryKey, clear],
  );
  return {
    selection,
    ticked,
    tick,
    selectAllMatching: () => setState({ queryKey, ids: ticked, allMatching: true }),
  };
}
