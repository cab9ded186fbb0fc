import { useEffect, useMemo, useState } from 'react';
import { useNavigation } from 'react-router';

/** How long typing pauses before a list's search runs. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A search box's text, sent to the URL (`commit`) once typing pauses. When the URL changes by
 * itself (the tab's link, a cleared search) the box follows it. While `paused` (a navigation is
 * under way) nothing is sent: a search written then would replace the page being opened.
 */
export function useDebouncedSearch(urlValue: string, commit: (value: string) => void, paused = false) {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  const [sent, setSent] = useState(urlValue);
  if (urlValue !== seen) {
    setSeen(urlValue);
    if (urlValue !== sent) setText(urlValue);
  }
  useEffect(() => {
    if (paused || text.trim() === urlValue.trim()) return;
    const timer = setTimeout(() => {
      setSent(text);
      commit(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, urlValue, commit, paused]);
  return [text, setText] as const;
}

/**
 * A paged list's search box bound to the URL's `search` (useUrlState's `setUrl`): its text goes to
 * the URL trimmed once typing pauses. `busy`: an action of the list that will open another page
 * when it answers (a duplicate's copy) is under way, so the search waits for it too.
 */
export function useUrlSearchBox(urlSearch: string, setUrl: (changes: { search: string }) => void, busy = false) {
  const commit = useMemo(() => (value: string) => setUrl({ search: value.trim() }), [setUrl]);
  // Opening a record from the list must not be overtaken by the search.
  const navigating = useNavigation().state !== 'idle';
  return useDebouncedSearch(urlSearch, commit, navigating || busy);
}
