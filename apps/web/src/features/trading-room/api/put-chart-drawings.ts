import type { ChartDrawings, Drawing } from '@bourse/contract';
import { http } from '@/lib/api-client';

/**
 * PUT /chart-drawings/:assetId: the instrument's whole list, replacing the one kept. Apart from the
 * query of the list: the drawing tools, loaded on demand, need this call and not the query library.
 */
export async function putChartDrawings(assetId: number, drawings: readonly Drawing[]): Promise<ChartDrawings> {
  return (await http.put<{ data: ChartDrawings }>(`/chart-drawings/${assetId}`, { drawings })).data;
}
