/**
 * The constant scripts of a signed-in HTML-first page (a workspace page that says
 * `htmlFirstSignedIn` in its route facts, docs/decisions/036-light-workspace-pages.md): what the
 * app's JavaScript did on such a page, in a few hundred bytes each. Allowed by the
 * Content-Security-Policy by their hashes like the visitors' page scripts (inline-scripts.ts).
 */
import { FORM_PAGE_SCRIPTS } from "./picture-scripts";
import { LIVE_DEBOUNCE_MS } from "./use-live";

/**
 * Live updates without the app. One EventSource on `/live` (app/routes/live.ts), as in the app
 * (`use-live.ts`): each event about the account (and a `resync`, or a reconnect after the stream
 * was away) fetches the page again, debounced, and puts the new version of each live region
 * (`data-live="name"`: the bell, an open conversation's messages, a tender's quotes...) in place
 * of the old one. Regions of the same name are paired in order; an item of a region that says
 * `data-live-keep` stays as it was in place of the new item of the same `data-live-key` (a
 * message marked 'new' keeps its mark until the page is opened again). A region that holds the focus or
 * a form someone is filling in is left as it is until the next event, so nothing typed is lost.
 * A page that answers with a redirect or an error (signed out, the tender deleted) changes nothing.
 * The stream is told when the page was rendered (`?since=`, the body's `data-rendered-at`), so an
 * event between the render and the stream's start is not lost: the server answers `resync`.
 */
export const LIVE_SCRIPT = `(function(){if(typeof EventSource==="undefined"||typeof DOMParser==="undefined")return;var s=new EventSource("/live?since="+(document.body.getAttribute("data-rendered-at")||"")),t,b=false;function busy(e){if(e.contains(document.activeElement)&&document.activeElement!==document.body)return true;return[].some.call(e.querySelectorAll("input,textarea,select"),function(f){return f.type!=="hidden"&&(f.type==="checkbox"||f.type==="radio"?f.checked!==f.defaultChecked:f.tagName==="SELECT"?false:f.value!==f.defaultValue)})}function swap(h){var d=new DOMParser().parseFromString(h,"text/html"),seen={};[].forEach.call(document.querySelectorAll("[data-live]"),function(e){var k=e.getAttribute("data-live"),i=seen[k]=(seen[k]||0)+1,n=d.querySelectorAll('[data-live="'+CSS.escape(k)+'"]')[i-1];if(!n||busy(e))return;n=document.importNode(n,true);[].forEach.call(e.querySelectorAll("[data-live-keep][data-live-key]"),function(o){var m=n.querySelector('[data-live-key="'+CSS.escape(o.getAttribute("data-live-key"))+'"]');if(m){if(m.id)o.id=m.id;else o.removeAttribute("id");m.replaceWith(o)}});e.replaceWith(n)})}function reload(){clearTimeout(t);t=setTimeout(function(){fetch(location.href,{credentials:"same-origin",headers:{Accept:"text/html"}}).then(function(r){return r.ok&&!r.redirected?r.text():null}).then(function(h){if(h)swap(h)}).catch(function(){})},${LIVE_DEBOUNCE_MS})}s.addEventListener("live",reload);s.addEventListener("resync",reload);s.addEventListener("ready",function(){if(b)reload();b=true})})()`;

/**
 * The account menu without the app (`components/ui/menu.tsx` renders the same markup): the
 * browser's popover opens and closes it; this adds the menu keys — ↓/↑ on the button open it on
 * the first/last item, ↑ ↓ Home End move between items, Tab closes it — and places it under its
 * button, right edges aligned.
 */
export const MENU_SCRIPT = `(function(){var last=false;function items(m){return[].slice.call(m.querySelectorAll('[role="menuitem"]'))}document.addEventListener("keydown",function(e){var b=e.target.closest&&e.target.closest('[aria-haspopup="menu"][popovertarget]');if(b&&(e.key==="ArrowDown"||e.key==="ArrowUp")){var m=document.getElementById(b.getAttribute("popovertarget"));if(!m)return;e.preventDefault();last=e.key==="ArrowUp";m.showPopover();return}var m=e.target.closest&&e.target.closest('[role="menu"][popover]');if(!m)return;if(e.key==="Tab"){m.hidePopover();return}var l=items(m),i=l.indexOf(document.activeElement),n={ArrowDown:(i+1)%l.length,ArrowUp:(i-1+l.length)%l.length,Home:0,End:l.length-1}[e.key];if(n===undefined)return;e.preventDefault();l[n]&&l[n].focus()});document.addEventListener("beforetoggle",function(e){var m=e.target;if(e.newState!=="open"||!m.matches||!m.matches('[role="menu"][popover]'))return;var b=document.querySelector('[popovertarget="'+m.id+'"]');if(!b)return;var r=b.getBoundingClientRect();m.style.top=r.bottom+6+"px";m.style.right=document.documentElement.clientWidth-r.right+"px"},true);document.addEventListener("toggle",function(e){var m=e.target;if(e.newState!=="open"||!m.matches||!m.matches('[role="menu"][popover]'))return;var l=items(m);(last?l[l.length-1]:l[0])&&(last?l[l.length-1]:l[0]).focus();last=false},true)})()`;

/**
 * A form being sent says so: its submit button is marked busy (`aria-busy`, `data-busy`) and
 * disabled, so it cannot be pressed twice; a page shown again from the browser's history gets its
 * buttons back.
 */
export const BUSY_SCRIPT = `document.addEventListener("submit",function(e){if(e.defaultPrevented)return;var f=e.target,b=e.submitter||f.querySelector('[type="submit"]');if(!b||f.method.toLowerCase()!=="post")return;setTimeout(function(){b.setAttribute("aria-busy","true");b.setAttribute("data-busy","");b.disabled=true},0)});addEventListener("pageshow",function(e){if(e.persisted)[].forEach.call(document.querySelectorAll("[data-busy]"),function(b){b.removeAttribute("data-busy");b.removeAttribute("aria-busy");b.disabled=false})})`;

/**
 * A page that opens at its end (a conversation: `data-open-at-end` on its last part) shows it,
 * as the app did, unless the address names a place of its own (`#…`).
 */
export const OPEN_AT_END_SCRIPT = `(function(){var e=document.querySelector("[data-open-at-end]");if(e&&!location.hash)e.scrollIntoView({block:"end"})})()`;

/**
 * A form used again and again (a conversation's message form, `data-refocus="<field id>"`): after
 * it was sent, the next page puts the cursor back in that field (after the load, when the browser
 * has gone to the address's `#…` place, which takes the focus); in a text box that says
 * `data-submit-shortcut`, Ctrl+Enter (⌘+Enter) sends the form.
 */
export const REFOCUS_SCRIPT = `(function(){var K="fabricum-refocus-after",k=sessionStorage.getItem(K);if(k){sessionStorage.removeItem(K);addEventListener("load",function(){setTimeout(function(){var f=document.getElementById(k);if(f)f.focus()},0)})}document.addEventListener("submit",function(e){var r=e.target.getAttribute&&e.target.getAttribute("data-refocus");if(r&&!e.defaultPrevented)sessionStorage.setItem(K,r)});document.addEventListener("keydown",function(e){var t=e.target;if(e.key==="Enter"&&(e.ctrlKey||e.metaKey)&&t.matches&&t.matches("textarea[data-submit-shortcut]")&&t.form){e.preventDefault();t.form.requestSubmit()}})})()`;

/**
 * A file input that names its list (`data-chosen-list="<id>"`, components/attachment-input.tsx):
 * the chosen files' names are listed there, as the app lists them; the server checks the files.
 */
export const CHOSEN_FILES_SCRIPT = `document.addEventListener("change",function(e){var t=e.target,l=t.getAttribute&&t.getAttribute("data-chosen-list"),b=l&&document.getElementById(l);if(!b)return;var u=b.querySelector("ul"),f=[].slice.call(t.files||[]);u.replaceChildren.apply(u,f.map(function(x){var i=document.createElement("li");i.className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 truncate";i.textContent=x.name;return i}));b.hidden=!f.length})`;

/**
 * What a signed-in HTML-first page runs, after the visitors' page scripts; the forms with
 * pictures and the product form's widgets are picture-scripts.ts.
 */
export const WORKSPACE_SCRIPTS = `${LIVE_SCRIPT};${MENU_SCRIPT};${BUSY_SCRIPT};${OPEN_AT_END_SCRIPT};${REFOCUS_SCRIPT};${CHOSEN_FILES_SCRIPT};${FORM_PAGE_SCRIPTS}`;
