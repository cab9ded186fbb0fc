/**
 * A short two-note chime for a new order, drawn with the Web Audio API (no sound file to
 * download). Browsers let a page play sound only after the person interacted with it: the
 * context is made (or resumed) on a click, and playing before that is silently skipped.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Constructor) return null;
  context = new Constructor();
  return context;
}

/** Call from a click (the sound switch): the browser then allows the chime later. */
export function unlockTone(): void {
  void audioContext()?.resume().catch(() => undefined);
}

/** Plays the chime, if the browser allows sound on this page by now. */
export function playTone(): void {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const start = audio.currentTime + 0.01;
  for (const [offset, frequency] of [
    [0, 880],
    [0.16, 1320],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.32);
  }
}
