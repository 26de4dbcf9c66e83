import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImportZones } from './import-zones.ts';

const script = path.join(import.meta.dirname, 'import-zones.ts');
const roots: string[] = [];

/** A throwaway repository holding `files` (path → source). */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'import-zones-'));
  roots.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

const run = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('import zones', () => {
  it('pass imports that go through a feature’s top level or api/, a module’s service, and shared code', () => {
    const root = repo({
      'apps/web/src/features/room/room-page.tsx': [
        "import { AccountBadge } from '@/features/accounts/account-badge';",
        "import { useAccounts } from '@/features/accounts/api/accounts';",
        "import { Panel } from './components/panel';",
        "import { cn } from '@/lib/cn';",
        "const Chart = lazy(() => import('@/features/charts/chart-page'));",
      ].join('\n'),
      'apps/web/src/components/account-select.tsx': "import { Field } from './ui/field';",
      'apps/server/src/modules/money/money.routes.ts': "import { notify } from '../notifications/notifications.service.ts';\nimport { findDeposit } from './money.repository.ts';",
      'apps/server/src/http/routes.ts': "import { moneyRoutes } from '../modules/money/money.routes.ts';",
      'packages/contract/src/money.ts': "import { z } from 'zod';\nimport { ids } from './ids.ts';",
    });
    expect(checkImportZones(root)).toEqual([]);
    expect(run(root).status).toBe(0);
  });

  it('fail on each crossing, naming its file and line', () => {
    const root = repo({
      'apps/web/src/features/room/room-page.tsx': "import { useState } from 'react';\nimport { Badge } from '@/features/accounts/components/badge';",
      'apps/web/src/features/room/components/lines.tsx': "export { words } from '../../positions/lib/words';",
      'apps/web/src/lib/helpers.ts': "\n\nimport { useRoom } from '@/features/room/room-page';",
      'apps/server/src/modules/money/money.service.ts': "import type { UserRow } from '../users/users.repository.ts';",
      'packages/domain/src/margin.ts': "import { config } from '../../../apps/server/src/config.ts';\nimport { api } from '@bourse/web/src/lib/api-client';",
    });
    const result = run(root);
    expect(result.status).toBe(1);
    for (const at of [
      'apps/web/src/features/room/room-page.tsx:2  imports apps/web/src/features/accounts/components/badge',
      'apps/web/src/features/room/components/lines.tsx:1  imports apps/web/src/features/positions/lib/words',
      'apps/web/src/lib/helpers.ts:3  imports apps/web/src/features/room/room-page',
      'apps/server/src/modules/money/money.service.ts:1  imports apps/server/src/modules/users/users.repository.ts',
      'packages/domain/src/margin.ts:1  imports apps/server/src/config.ts',
      'packages/domain/src/margin.ts:2  imports @bourse/web/src/lib/api-client',
    ])
      expect(result.stderr).toContain(at);
    expect(result.stderr).toContain('import zones: 6 problem(s)');
  });

  it('tolerate the crossings listed as known, and fail once a listed one is gone', () => {
    const known = 'scripts/import-zones.known.txt';
    const service = 'apps/server/src/modules/money/money.service.ts';
    const crossing = `${service} -> apps/server/src/modules/users/users.repository.ts`;
    const root = repo({ [service]: "import { findUser } from '../users/users.repository.ts';", [known]: `# listed before the rule\n${crossing}\n` });
    expect(checkImportZones(root)).toEqual([]);

    writeFileSync(path.join(root, service), "import { findUser } from '../users/users.service.ts';");
    expect(checkImportZones(root)).toEqual([`${known}: "${crossing}" no longer crosses; delete the line`]);
  });
});
