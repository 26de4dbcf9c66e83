import { create } from 'zustand';
import type { TradeSide } from '@bourse/contract';
import { DEFAULT_VOLUME_LOTS, sanitizeVolumeInput, type VolumeUnit } from '@bourse/domain';
import type { TargetPreset, Targets } from '@/lib/trade-targets';

/** TP/SL chosen in the dialog, for the side they were set for. */
export type ArmedTargets = Targets & { side: TradeSide; preset: TargetPreset | null };

type OrderFormState = {
  /** SPEC §3 Order form id: sent as the Idempotency-Key, regenerated after each submit. */
  id: string;
  unit: VolumeUnit;
  /** What the volume field shows, in `unit`. */
  text: string;
  /** A typed entry price, or null for "Current" (market). */
  pendingPrice: number | null;
  targets: ArmedTargets | null;
  setVolume: (text: string, unit?: VolumeUnit) => void;
  setPendingPrice: (price: number | null) => void;
  setTargets: (targets: ArmedTargets | null) => void;
  /** After a submit: a new form id; the price and levels, which were for that order, are cleared. */
  submitted: (filled: boolean) => void;
};

const newId = () => crypto.randomUUID();

/** The order form of the trading room's top bar (SPEC §3 "Order form"). */
export const useOrderForm = create<OrderFormState>()((set) => ({
  id: newId(),
  unit: 'lots',
  text: String(DEFAULT_VOLUME_LOTS),
  pendingPrice: null,
  targets: null,
  // SPEC §5: only digits and one decimal point reach the field.
  setVolume: (text, unit) => set((s) => ({ text: sanitizeVolumeInput(text), unit: unit ?? s.unit })),
  setPendingPrice: (pendingPrice) => set({ pendingPrice }),
  setTargets: (targets) => set({ targets }),
  submitted: (filled) => set(filled ? { id: newId(), pendingPrice: null, targets: null } : { id: newId() }),
}));
