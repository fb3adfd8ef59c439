import type { FakeVideo } from './catalogue';

// A stand-in for https://www.youtube.com/iframe_api: the same `YT.Player` API (seekTo, getCurrentTime,
// playVideo, pauseVideo, getPlayerState, destroy; onReady, onStateChange, onError), playing on a clock over the
// video's thumbnail, so the video page works with no network. `?error=150` (or any code) makes every player
// report that error instead of becoming ready, as a video whose owner forbids embedding does.

interface StandInVideo {
  title: string;
  duration: number;
  thumbnail: string;
}

/** Seconds a video the catalogue does not know lasts. */
const UNKNOWN_VIDEO_SECONDS = 600;

export function iframeApiScript(videos: ReadonlyMap<string, FakeVideo>, errorCode: number | null): string {
  const known: Record<string, StandInVideo> = {};
  for (const video of videos.values()) {
    known[video.id] = { title: video.title, duration: video.lengthSeconds, thumbnail: video.thumbnailUrl };
  }
  return `(function () {
  'use strict';
  var VIDEOS = ${JSON.stringify(known)};
  var ERROR = ${JSON.stringify(errorCode)};
  var State = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  function clock(total) {
    total = Math.max(0, Math.floor(total));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var ss = (s < 10 ? '0' : '') + s;
    return h > 0 ? h + ':' + (m < 10 ? '0' : '') + m + ':' + ss : m + ':' + ss;
  }
  function Player(element, options) {
    var self = this;
    var target = typeof element === 'string' ? document.getElementById(element) : element;
    var events = options.events || {};
    var info = VIDEOS[options.videoId] || { title: options.videoId, duration: ${UNKNOWN_VIDEO_SECONDS}, thumbnail: '' };
    var start = Number((options.playerVars || {}).start) || 0;
    var state = State.UNSTARTED, base = Math.min(start, info.duration), since = 0, destroyed = false;

    var box = document.createElement('div');
    box.setAttribute('data-fake-youtube-player', options.videoId);
    box.style.cssText = 'position:relative;width:100%;height:100%;background:#000 center/cover no-repeat;' +
      'font:14px system-ui,sans-serif;color:#fff';
    if (info.thumbnail) box.style.backgroundImage = 'url("' + info.thumbnail + '")';
    var bar = document.createElement('div');
    bar.style.cssText = 'position:absolute;left:0;right:0;bottom:0;display:flex;gap:12px;align-items:center;' +
      'padding:8px 12px;background:rgba(0,0,0,0.8)';
    var toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.style.cssText = 'background:#fff;color:#000;border:0;border-radius:4px;padding:4px 10px;cursor:pointer';
    var time = document.createElement('span');
    time.style.cssText = 'font-variant-numeric:tabular-nums';
    bar.append(toggle, time);
    box.append(bar);
    if (target && target.parentNode) target.parentNode.replaceChild(box, target);

    function now() { return performance.now(); }
    function current() {
      var at = state === State.PLAYING ? base + (now() - since) / 1000 : base;
      return Math.min(at, info.duration);
    }
    function paint() {
      toggle.textContent = state === State.PLAYING ? 'Pause' : 'Play';
      time.textContent = clock(current()) + ' / ' + clock(info.duration);
      box.setAttribute('data-state', String(state));
      box.setAttribute('data-time', current().toFixed(2));
    }
    function change(next) {
      if (state === next) return;
      state = next;
      paint();
      if (events.onStateChange) events.onStateChange({ data: next, target: self });
    }
    var ticker = setInterval(function () {
      if (state === State.PLAYING && current() >= info.duration) {
        base = info.duration;
        change(State.ENDED);
      }
      paint();
    }, 100);

    self.getCurrentTime = function () { return current(); };
    self.getPlayerState = function () { return state; };
    self.getDuration = function () { return info.duration; };
    self.getIframe = function () { return box; };
    self.seekTo = function (seconds) {
      base = Math.max(0, Math.min(Number(seconds) || 0, info.duration));
      since = now();
      if (state === State.ENDED) change(State.PAUSED);
      paint();
    };
    self.playVideo = function () {
      if (state === State.PLAYING) return;
      if (state === State.ENDED) base = 0;
      since = now();
      change(State.PLAYING);
    };
    self.pauseVideo = function () {
      if (state !== State.PLAYING) return;
      base = current();
      change(State.PAUSED);
    };
    self.destroy = function () {
      destroyed = true;
      clearInterval(ticker);
      box.remove();
    };
    toggle.addEventListener('click', function () {
      if (state === State.PLAYING) self.pauseVideo();
      else self.playVideo();
    });
    paint();
    setTimeout(function () {
      if (destroyed) return;
      if (ERROR !== null) {
        if (events.onError) events.onError({ data: ERROR, target: self });
      } else if (events.onReady) {
        events.onReady({ target: self });
      }
    }, 30);
  }
  window.YT = { Player: Player, PlayerState: State, loaded: 1 };
  setTimeout(function () {
    if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
  }, 0);
})();
`;
}
