import { Button, ButtonGroup, HTMLTable, Spinner, Tag } from '@civic/sdk/web/blueprint';
import { ChevronDownIcon, ChevronRightIcon } from '@civic/sdk/web/icons';
import { useCallback, useEffect, useId, useState } from '@civic/sdk/web/react';
import { Link } from '@civic/sdk/web/router';
import { errorMessage } from '@civic/sdk/web';
import type { ConflictGroup, ConflictPair, ConflictPhrase } from '../common/api';
import { intentLink } from './format';
import type { PublishingClient } from './publishing-client';

export interface GroupActions {
  move(phrase: ConflictPhrase, toIntentId: string): void;
  remove(phrase: ConflictPhrase): void;
}

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** One intent pair: a disclosure button with its counts; opened, its phrase pairs (keyset pages) with the fixes. */
export function ConflictGroupItem(props: { appId: string; group: ConflictGroup; client: PublishingClient; actions: GroupActions | null; version: number }) {
  const { appId, group, client, actions, version } = props;
  const [open, setOpen] = useState(false);
  const [pairs, setPairs] = useState<ConflictPair[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const regionId = useId();

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      try {
        const page = await client.conflictPairs(appId, group.a.id, group.b.id, after);
        setPairs((before) => (after && before ? [...before, ...page.pairs] : page.pairs));
        setNext(page.next);
        setError(null);
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        setLoading(false);
      }
    },
    [client, appId, group.a.id, group.b.id],
  );

  // Opened, or the list changed after a fix: the first page again.
  useEffect(() => {
    if (open) void load(null);
  }, [open, version, load]);

  const title = `${group.a.name} and ${group.b.name}`;
  const phraseCell = (phrase: ConflictPhrase) => (
    <>
      <div className="civic-conflict-phrase">“{phrase.text}”</div>
      <Link className="civic-inline-link" style={{ textDecoration: 'underline' }} to={intentLink(appId, phrase.intentId, phrase.intentKind)}>
        {phrase.intentName}
      </Link>
    </>
  );
  return (
    <li className="civic-conflict-group">
      <Button
        minimal
        alignText="left"
        icon={open ? <ChevronDownIcon /> : <ChevronRightIcon />}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen(!open)}
      >
        <strong>{group.a.name}</strong> ↔ <strong>{group.b.name}</strong>{' '}
        <Tag minimal round>
          {group.pairs} {group.pairs === 1 ? 'pair' : 'pairs'}
        </Tag>{' '}
        <Tag minimal round>
          up to {percent(group.maxScore)}
        </Tag>{' '}
        {group.identical > 0 && (
          <Tag minimal round intent="danger">
            {group.identical} identical
          </Tag>
        )}
      </Button>
      {open && (
        <div id={regionId} role="region" aria-label={`Similar phrases of ${title}`}>
          {error && <p role="alert">{error}</p>}
          {!pairs && loading && <Spinner size={20} aria-label="Loading pairs" />}
          {pairs && pairs.length === 0 && <p>No pairs left: they were resolved or their phrases changed since the run.</p>}
          {pairs && pairs.length > 0 && (
            <HTMLTable compact striped aria-label={`Phrase pairs of ${title}`}>
              <thead>
                <tr>
                  <th scope="col">Similarity</th>
                  <th scope="col">{group.a.name}</th>
                  <th scope="col">{group.b.name}</th>
                  {actions && <th scope="col">Resolve</th>}
                </tr>
              </thead>
              <tbody>
                {pairs.map((pair) => (
                  <tr key={`${pair.a.phraseId}:${pair.b.phraseId}`}>
                    <td>
                      {percent(pair.score)}{' '}
                      {pair.identical && (
                        <Tag intent="danger" minimal>
                          identical
                        </Tag>
                      )}
                    </td>
                    <td>{phraseCell(pair.a)}</td>
                    <td>{phraseCell(pair.b)}</td>
                    {actions && (
                      <td>
                        <ButtonGroup minimal vertical>
                          <Button small text={`Move “${pair.a.text}” to ${pair.b.intentName}`} onClick={() => actions.move(pair.a, pair.b.intentId)} />
                          <Button small text={`Move “${pair.b.text}” to ${pair.a.intentName}`} onClick={() => actions.move(pair.b, pair.a.intentId)} />
                          <Button small intent="danger" text={`Delete “${pair.a.text}”`} onClick={() => actions.remove(pair.a)} />
                          <Button small intent="danger" text={`Delete “${pair.b.text}”`} onClick={() => actions.remove(pair.b)} />
                        </ButtonGroup>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {next && <Button text="Show more pairs" loading={loading} onClick={() => void load(next)} />}
        </div>
      )}
    </li>
  );
}
