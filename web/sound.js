// Sound: off by default; WebAudio oscillators, no files. The AudioContext is made when sound is
// first needed (browsers let audio start only from a gesture), never at import time.

let soundOn = false;
let audio = null;

export const isSoundOn = () => soundOn;

function audioContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) audio = new Context();
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

function beep(freq, ms, { type = 'sine', volume = 0.05, at = 0 } = {}) {
  if (!soundOn) return;
  try {
    const ctx = audioContext();
    if (!ctx) return;
    const t = ctx.currentTime + at;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t);
    gain.gain.setValueAtTime(volume, t);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + ms / 1000 + 0.02);
  } catch (e) {
    // no audio device or a browser without WebAudio: the game goes on in silence
  }
}

// The k-th stone of a sowing: a rising scale of eight notes.
export const stoneSound = (k) => beep(520 + 45 * (k % 8), 50, { type: 'triangle' });

export function captureSound() {
  beep(392, 160, { type: 'square', volume: 0.03 });
  beep(523, 240, { type: 'square', volume: 0.03, at: 0.09 });
}

export function extraSound() {
  beep(660, 110);
  beep(880, 170, { at: 0.1 });
}

// clicked: true when the player pressed the button (browsers let audio start from a gesture);
// otherwise the context waits for the first sound, which a click on a pit makes.
export function setSound(on, button, clicked = false) {
  soundOn = on;
  button.setAttribute('aria-pressed', String(on));
  if (on && clicked) audioContext();
}
