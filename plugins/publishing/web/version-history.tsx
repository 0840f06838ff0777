import { Button, ButtonGroup, Card, H3, HTMLTable } from '@civic/sdk/web/blueprint';
import { DownloadIcon } from '@civic/sdk/web/icons';
import type { VersionSummary } from '../common/api';
import { formatWhen } from './format';

export interface VersionHistoryProps {
  versions: VersionSummary[];
  /** The version production points at, marked in its row and offered no rollback. */
  productionId: string | null;
  canRollBack: boolean;
  onCompare(version: VersionSummary): void;
  onDownload(version: VersionSummary): void;
  onRollBack(version: VersionSummary): void;
}

/** The publishing tab's history: every published version, with compare, download and (app admins) roll back. */
export function VersionHistory(props: VersionHistoryProps) {
  const { versions, productionId, canRollBack, onCompare, onDownload, onRollBack } = props;
  return (
    <Card className="civic-publishing-history">
      <H3>History</H3>
      {versions.length === 0 ? (
        <p>No versions yet.</p>
      ) : (
        <HTMLTable striped aria-label="Published versions">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Note</th>
              <th scope="col">Published by</th>
              <th scope="col">When</th>
              <th scope="col">Content</th>
              <th scope="col">
                <span>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.id} data-version={version.number}>
                <td>
                  {version.number}
                  {productionId === version.id ? ' (production)' : ''}
                </td>
                <td>{version.note || '—'}</td>
                <td>
                  {version.authorEmail}
                  {version.approvedByEmail ? `, approved by ${version.approvedByEmail}` : ''}
                </td>
                <td>{formatWhen(version.createdAt)}</td>
                <td>
                  {version.intents} intents, {version.phrases} phrases, {version.entityTypes} entities
                </td>
                <td>
                  <ButtonGroup minimal>
                    <Button small text="Compare with draft" onClick={() => onCompare(version)} aria-label={`Compare with draft: version ${version.number}`} />
                    <Button small icon={<DownloadIcon />} text="Download" onClick={() => onDownload(version)} aria-label={`Download version ${version.number}`} />
                    {canRollBack && productionId !== version.id && (
                      <Button small intent="warning" text="Roll back" onClick={() => onRollBack(version)} aria-label={`Roll back production to version ${version.number}`} />
                    )}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
