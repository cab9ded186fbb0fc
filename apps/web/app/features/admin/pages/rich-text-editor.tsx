import { useEffect, useRef, useState, type ReactNode } from 'react';
import { richTextClass } from '../../../components/ui/rich-text';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { Button } from '../../../components/ui/button';
import { controlBorder, controlClass } from '../ui/fields';

/**
 * The page editor's rich text (docs/decisions/058): the browser's own editing (contenteditable)
 * with a toolbar of exactly what the server keeps — headings, paragraphs, bold, italic, lists and
 * links. No library: the server's sanitiser is the rule, this is only the pen. The text shows in
 * the storefront's look (richTextClass), so the owner sees what shoppers will.
 */

type Command = { label: MessageKey; glyph: ReactNode; run: () => void };

const block = (tag: 'h2' | 'h3' | 'p') => () => document.execCommand('formatBlock', false, tag);
const exec = (command: string) => () => document.execCommand(command, false);

interface RichTextEditorProps {
  id: string;
  /** The id of the element naming the editor (its label). */
  labelId: string;
  /** The id of the hint under it. */
  hintId: string;
  value: string;
  onValue: (html: string) => void;
  dir: 'rtl' | 'ltr';
  lang: string;
  error?: string | undefined;
}

export function RichTextEditor({ id, labelId, hintId, value, onValue, dir, lang, error }: RichTextEditorProps) {
  const { t } = useI18n();
  const editor = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('');

  // The editor holds its own HTML while the owner types; a value from elsewhere (the page as the
  // server saved it) replaces it.
  useEffect(() => {
    if (editor.current && editor.current.innerHTML !== value) editor.current.innerHTML = value;
  }, [value]);

  const changed = () => {
    if (editor.current) onValue(editor.current.innerHTML);
  };

  /** Runs a command on the editor's selection (the focus is put back there first). */
  const apply = (run: () => void) => {
    editor.current?.focus();
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand('defaultParagraphSeparator', false, 'p');
    run();
    changed();
  };

  const commands: Command[] = [
    { label: 'admin-pages.tool.h2', glyph: 'H2', run: block('h2') },
    { label: 'admin-pages.tool.h3', glyph: 'H3', run: block('h3') },
    { label: 'admin-pages.tool.p', glyph: '¶', run: block('p') },
    { label: 'admin-pages.tool.bold', glyph: <strong>B</strong>, run: exec('bold') },
    { label: 'admin-pages.tool.italic', glyph: <em className="font-serif">I</em>, run: exec('italic') },
    { label: 'admin-pages.tool.ul', glyph: '•', run: exec('insertUnorderedList') },
    { label: 'admin-pages.tool.ol', glyph: '1.', run: exec('insertOrderedList') },
    { label: 'admin-pages.tool.unlink', glyph: <span className="line-through">🔗</span>, run: exec('unlink') },
  ];

  function openLink() {
    const current = window.getSelection();
    selection.current =
      current && current.rangeCount > 0 && editor.current?.contains(current.anchorNode) ? current.getRangeAt(0).cloneRange() : null;
    setAddress('');
    setLinking(true);
  }

  function addLink(event: { preventDefault(): void }) {
    event.preventDefault();
    const href = address.trim();
    setLinking(false);
    if (!href) return;
    apply(() => {
      const range = selection.current;
      const current = window.getSelection();
      if (range && current) {
        current.removeAllRanges();
        current.addRange(range);
      }
      // Without a selected text, the address itself becomes the link's text.
      if (!range || range.collapsed) document.execCommand('insertHTML', false, `<a href="${encodeURI(href)}">${href.replace(/[<>&"]/g, '')}</a>`);
      else document.execCommand('createLink', false, href);
    });
  }

  const commandButton = (command: (typeof commands)[number]) => (
    <ToolButton key={command.label} label={t(command.label)} onPress={() => apply(command.run)}>
      {command.glyph}
    </ToolButton>
  );

  return (
    <div className={`overflow-hidden rounded-lg border ${controlBorder(error)}`}>
      <div role="toolbar" aria-label={t('admin-pages.toolbar')} aria-controls={id} className="flex flex-wrap gap-1 border-b border-stone-200 bg-stone-50 p-1">
        {commands.slice(0, 7).map(commandButton)}
        <ToolButton label={t('admin-pages.tool.link')} expanded={linking} onPress={openLink}>
          🔗
        </ToolButton>
        {commands.slice(7).map(commandButton)}
      </div>
      {linking ? (
        <div className="flex flex-wrap items-end gap-2 border-b border-stone-200 bg-white p-2" role="group" aria-label={t('admin-pages.tool.link')}>
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-semibold text-stone-800">
            {t('admin-pages.link.address')}
            <input
              // Focus moves here when the owner asked for a link.
              autoFocus
              type="text"
              dir="ltr"
              inputMode="url"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') addLink(event);
                if (event.key === 'Escape') setLinking(false);
              }}
              aria-describedby={`${id}-link-hint`}
              className={`${controlClass} border-stone-300`}
            />
            <span id={`${id}-link-hint`} className="font-normal text-stone-500">
              {t('admin-pages.link.hint')}
            </span>
          </label>
          <Button onClick={addLink}>{t('admin-pages.link.apply')}</Button>
          <Button variant="ghost" onClick={() => setLinking(false)}>
            {t('admin-pages.link.cancel')}
          </Button>
        </div>
      ) : null}
      <div
        id={id}
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={`${id}-error ${hintId}`}
        aria-invalid={error ? true : undefined}
        contentEditable
        suppressContentEditableWarning
        dir={dir}
        lang={lang}
        tabIndex={0}
        onInput={changed}
        onBlur={changed}
        className={`max-h-[32rem] min-h-48 overflow-y-auto bg-white px-4 py-3 text-start focus:outline-2 focus:outline-brand-600/30 [&>*:first-child]:mt-0 ${richTextClass}`}
      />
    </div>
  );
}

/** A toolbar button that leaves the selection in the text while it is pressed. */
function ToolButton({
  label,
  expanded,
  onPress,
  children,
}: {
  label: string;
  expanded?: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-expanded={expanded}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:min-h-9 lg:min-w-9"
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {children}
    </button>
  );
}
