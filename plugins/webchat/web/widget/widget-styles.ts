/**
 * The widget's styles as one string, injected with the widget so they work the same inside the
 * console, on the sharing page and in the embed script's shadow root. Colours come in as custom
 * properties from the settings; every animation stops under prefers-reduced-motion.
 */
export const WIDGET_CSS = `
.cw-root{font-family:var(--cw-font);font-size:var(--cw-size);line-height:1.45;color:#1c2127;box-sizing:border-box}
.cw-root *,.cw-root *::before,.cw-root *::after{box-sizing:inherit}
.cw-root :focus-visible{outline:3px solid #1c2127;outline-offset:2px;box-shadow:0 0 0 5px #fff}
.cw-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.cw-floating{position:fixed;right:0;bottom:0;z-index:2147483000}
.cw-contained{position:relative;width:100%;height:100%;min-height:560px;overflow:hidden}
.cw-launcher{position:absolute;right:var(--cw-right);bottom:var(--cw-bottom);width:56px;height:56px;border-radius:50%;border:2px solid var(--cw-border);background:var(--cw-color);color:var(--cw-on-color);font-size:24px;cursor:pointer;box-shadow:0 2px 8px rgba(0,0,0,.3);animation:cw-pulse 1.2s ease-in-out var(--cw-launch-iter)}
.cw-floating .cw-launcher{position:fixed}
.cw-panel{display:flex;flex-direction:column;background:var(--cw-canvas);border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.25);overflow:hidden}
.cw-floating .cw-panel,.cw-contained .cw-panel{position:absolute;right:var(--cw-right);bottom:calc(var(--cw-bottom) + 68px);width:min(380px,calc(100% - 16px));height:min(560px,calc(100% - var(--cw-bottom) - 84px))}
.cw-floating .cw-panel{position:fixed;height:min(560px,calc(100vh - var(--cw-bottom) - 84px))}
.cw-fullscreen{position:fixed;inset:0;z-index:2147483000;background:rgba(28,33,39,.35)}
.cw-fullscreen .cw-panel{position:absolute;top:2.5vh;left:50%;transform:translateX(-50%);height:95vh;width:calc(95vh * .6);max-width:100vw}
@media (max-width:600px){.cw-fullscreen .cw-panel{top:0;left:0;transform:none;width:100vw;height:100vh;height:100dvh;border-radius:0}
.cw-floating .cw-panel{right:0;bottom:0;width:100vw;height:100vh;height:100dvh;border-radius:0}}
.cw-header{display:flex;align-items:center;gap:8px;padding:10px 12px;background:var(--cw-color);color:var(--cw-on-color)}
.cw-header img{width:32px;height:32px;border-radius:50%;object-fit:cover;background:#fff}
.cw-titles{flex:1;min-width:0}
.cw-title{margin:0;font-size:1.1em;font-weight:600;line-height:1.2}
.cw-subtitle{margin:0;font-size:.85em}
.cw-icon{display:inline-block;vertical-align:-.125em;flex:none}
.cw-icon-button{background:transparent;border:0;color:inherit;font:inherit;font-size:1.1em;min-width:36px;min-height:36px;border-radius:6px;cursor:pointer}
.cw-text-button{background:transparent;border:1px solid currentColor;color:inherit;font:inherit;font-size:.85em;padding:4px 8px;border-radius:6px;cursor:pointer}
.cw-log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px}
.cw-intro{margin:0 0 4px;color:#3c4247;font-size:.9em;text-align:center}
.cw-entry{display:flex;flex-direction:column;max-width:85%}
.cw-bot{align-self:flex-start}
.cw-user{align-self:flex-end;align-items:flex-end}
.cw-bubble{margin:0;padding:8px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.cw-user .cw-bubble{background:var(--cw-color);color:var(--cw-on-color);border-bottom-right-radius:4px}
.cw-bot{width:85%}
.cw-root .civic-rv-messages{--civic-rv-accent:var(--cw-border);--civic-rv-font-size:1em;--civic-rv-max-width:100%}
.cw-root .civic-rv-bubble{background:var(--cw-bg2);color:var(--cw-fg1);border-bottom-left-radius:4px}
.cw-root .civic-rv-bubble a{color:var(--cw-fg1)}
.cw-root .civic-rv-chip:not(:disabled){background:var(--cw-qr-bg);color:var(--cw-fg2);border-color:var(--cw-border)}
.cw-root .civic-rv-chip:hover:not(:disabled){text-decoration:underline}
.cw-votes{display:flex;gap:4px;margin-top:2px}
.cw-vote{background:transparent;border:1px solid #5f6b7c;color:#1c2127;border-radius:12px;font:inherit;font-size:.8em;padding:2px 8px;cursor:pointer}
.cw-vote[aria-pressed="true"]{background:#1c2127;color:#fff;border-color:#1c2127}
.cw-status{min-height:1.6em;padding:0 12px;color:#3c4247;font-size:.85em}
.cw-dots span{display:inline-block;width:6px;height:6px;margin-right:3px;border-radius:50%;background:#5f6b7c;animation:cw-blink 1.2s infinite ease-in-out}
.cw-dots span:nth-child(2){animation-delay:.2s}.cw-dots span:nth-child(3){animation-delay:.4s}
.cw-note{margin:0 12px 8px;padding:6px 10px;border-radius:8px;background:#fff8e6;color:#5c4400;border:1px solid #c87619;font-size:.85em}
.cw-error{margin:0 12px 8px;padding:8px 10px;border-radius:8px;background:#fdecec;color:#8e1212;border:1px solid #c23030;font-size:.9em;display:flex;gap:8px;align-items:center;justify-content:space-between}
.cw-error button{font:inherit;font-size:.9em;border:1px solid #8e1212;background:#fff;color:#8e1212;border-radius:6px;padding:4px 8px;cursor:pointer}
.cw-form{display:flex;gap:8px;padding:10px 12px;border-top:1px solid #d3d8de;background:#fff}
.cw-form input{flex:1;min-width:0;font:inherit;padding:8px 10px;border:1px solid #5f6b7c;border-radius:8px;color:#1c2127;background:#fff}
.cw-form input::placeholder{color:#5f6b7c}
.cw-combo{position:relative;flex:1;min-width:0;display:flex}
.cw-suggestions{position:absolute;left:0;right:0;bottom:calc(100% + 6px);margin:0;padding:0;list-style:none;max-height:16em;overflow-y:auto;background:var(--cw-ac-bg);color:var(--cw-ac-fg);border:1px solid var(--cw-ac-divider);border-radius:8px;box-shadow:0 2px 10px rgba(0,0,0,.2);z-index:2}
.cw-suggestions[hidden]{display:none}
.cw-suggestion{padding:8px 10px;cursor:pointer;border-bottom:1px solid var(--cw-ac-divider);overflow-wrap:anywhere}
.cw-suggestion:last-child{border-bottom:0}
.cw-suggestion:hover,.cw-suggestion.cw-active{background:var(--cw-ac-hover)}
.cw-suggestion.cw-active{outline:2px solid var(--cw-ac-fg);outline-offset:-2px}
.cw-recs{display:flex;flex-direction:column;align-items:flex-start;gap:4px;margin-top:6px}
.cw-recs-title{margin:0;font-size:.8em;color:#3c4247}
.cw-rec{font:inherit;font-size:.9em;text-align:left;padding:6px 10px;border-radius:12px;border:1px solid var(--cw-rec-fg);background:var(--cw-rec-bg);color:var(--cw-rec-fg);cursor:pointer}
.cw-rec:hover{background:var(--cw-rec-hover)}
.cw-send{font:inherit;padding:8px 14px;border-radius:8px;border:2px solid var(--cw-border);background:var(--cw-color);color:var(--cw-on-color);cursor:pointer}
.cw-send:disabled{opacity:.6;cursor:not-allowed}
.cw-csat{padding:12px;background:#fff;border-top:1px solid #d3d8de}
.cw-csat fieldset{border:0;margin:0 0 8px;padding:0}
.cw-csat legend{font-weight:600;margin-bottom:6px}
.cw-stars{display:flex;gap:4px}
.cw-stars label{display:inline-flex;align-items:center;gap:2px;padding:4px 8px;border:1px solid #5f6b7c;border-radius:6px;cursor:pointer}
.cw-csat textarea{width:100%;font:inherit;border:1px solid #5f6b7c;border-radius:6px;padding:6px;min-height:3em}
.cw-csat-actions{display:flex;gap:8px;margin-top:8px}
@keyframes cw-pulse{0%,100%{transform:scale(1)}50%{transform:scale(1.12)}}
@keyframes cw-blink{0%,80%,100%{opacity:.3}40%{opacity:1}}
@media (prefers-reduced-motion:reduce){.cw-root *,.cw-root{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
`;
