import { audioAllowed } from '@/lib/notification-sound';
import { soundEnabled } from '@/stores/preferences-store';

type Tone = { frequency: number; start: number; duration: number; type: OscillatorType; gain: number };

/** SPEC §4: a rising two-tone chime when an order is placed. */
const CHIME: Tone[] = [
  { frequency: 880, start: 0, duration: 0.12, type: 'sine', gain: 0.18 },
  { frequency: 1320, start: 0.13, duration: 0.2, type: 'sine', gain: 0.18 },
];
/** SPEC §4: a low buzz when it fails. */
const BUZZ: Tone[] = [{ frequency: 130, start: 0, duration: 0.35, type: 'square', gain: 0.08 }];

let context: AudioContext | null = null;

function play(tones: Tone[]): void {
  // Browsers refuse audio before the first user gesture; the sound is skipped until then.
  if (!audioAllowed() || !soundEnabled() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const tone of tones) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = tone.type;
      osc.frequency.value = tone.frequency;
      // A short fade in and out avoids clicks at the tone's edges.
      gain.gain.setValueAtTime(0, now + tone.start);
      gain.gain.linearRampToValueAtTime(tone.gain, now + tone.start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.start + tone.duration);
      osc.connect(gain).connect(context.destination);
      osc.start(now + tone.start);
      osc.stop(now + tone.start + tone.duration + 0.02);
    }
  } catch (error) {
    console.error('Trade sound failed', error);
  }
}

export const playOrderChime = () => play(CHIME);
export const playOrderBuzz = () => play(BUZZ);
