import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from '@civic/sdk/web/react';
import { WebChatMessages as M } from '../../common/messages';

/** Wait this long after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Fewer characters than this suggest nothing. */
export const SUGGEST_MIN_CHARS = 2;

export interface QuestionInputProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** A suggestion was chosen (click, or arrows then Enter): the widget asks it. */
  onPick(question: string): void;
  placeholder: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Auto-complete source (§3 appEnableAutoComplete); absent, the field is a plain text box. */
  suggest?: (text: string, signal: AbortSignal) => Promise<string[]>;
}

/**
 * The message field. With auto-complete on it is an ARIA 1.2 combobox: suggestions in a listbox
 * above the field, Down/Up move through them (aria-activedescendant, focus stays in the field),
 * Enter asks the highlighted one, Escape closes the list (a second Escape reaches the panel), and a
 * polite status says how many there are. Suggestions are fetched after a short pause in typing,
 * remembered per text, and a stale answer never replaces a newer one.
 */
export function QuestionInput(props: QuestionInputProps) {
  const { id, value, suggest } = props;
  const listboxId = `${id}-suggestions`;
  const [options, setOptions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const cache = useRef(new Map<string, string[]>());
  const typed = useRef(false);

  useEffect(() => {
    if (!suggest) return;
    const text = value.trim();
    if (text.length < SUGGEST_MIN_CHARS) {
      setOptions([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    // Only what the user typed asks; a picked or cleared value does not reopen the list.
    if (!typed.current) return;
    const show = (list: string[]) => {
      setOptions(list);
      setActive(-1);
      setOpen(list.length > 0);
    };
    const known = cache.current.get(text.toLowerCase());
    if (known) {
      show(known);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(text, controller.signal).then(
        (list) => {
          if (controller.signal.aborted) return;
          cache.current.set(text.toLowerCase(), list);
          show(list);
        },
        () => undefined,
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, suggest]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(question: string) {
    typed.current = false;
    close();
    props.onPick(question);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!suggest) return;
    const count = options.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (!open || current >= count - 1 ? 0 : current + 1));
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (!open || current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && active < count) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      // The list closes; the panel stays open (the next Escape minimises it).
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      close();
    }
  }

  const expanded = Boolean(suggest) && open && options.length > 0;
  const activeId = expanded && active >= 0 ? `${id}-option-${active}` : undefined;

  return (
    <div className="cw-combo">
      <input
        ref={props.inputRef as RefObject<HTMLInputElement>}
        id={id}
        type="text"
        autoComplete="off"
        maxLength={1000}
        placeholder={props.placeholder}
        value={value}
        onChange={(e) => {
          typed.current = true;
          props.onChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        {...(suggest
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listboxId,
              'aria-activedescendant': activeId,
            }
          : {})}
      />
      {suggest && (
        <>
          <ul id={listboxId} className="cw-suggestions" role="listbox" aria-label={M.suggestionsLabel} hidden={!expanded}>
            {expanded &&
              options.map((option, index) => (
                <li
                  key={option}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'cw-suggestion cw-active' : 'cw-suggestion'}
                  // Keep focus in the field: the click picks, the field's blur must not close first.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(option)}
                >
                  {option}
                </li>
              ))}
          </ul>
          <span className="cw-sr" role="status" aria-live="polite">
            {expanded ? M.suggestionsCount(options.length) : ''}
          </span>
        </>
      )}
    </div>
  );
}
