/**
 * The few constant inline scripts the pages render. The Content-Security-Policy allows each one
 * by its SHA-256 hash (app/platform/security.server.ts), so no page needs 'unsafe-inline'.
 */
import { WORKSPACE_SCRIPTS } from "./workspace-scripts";

/**
 * Set by the auto-submit script when a choice in an open filter panel reloads an HTML-first
 * page: the panel stays open on the next page, as it does in the app.
 */
const FILTERS_OPEN_KEY = "fabricum-filters-open";

/** Below Tailwind's `lg` a filter panel starts collapsed. */
export const SMALL_SCREEN_QUERY = "(max-width: 1023.98px)";

/**
 * Runs while the page's HTML is parsed, before the first paint, right after a filter panel (a
 * `<details>` rendered open, which is right for wide screens and for browsers without
 * JavaScript): on a small screen it closes the panel before anyone sees it open.
 */
export const COLLAPSE_FILTERS_SCRIPT = `(function(){var s=document.currentScript,d=s&&s.previousElementSibling,k=${JSON.stringify(
  FILTERS_OPEN_KEY,
)};if(sessionStorage.getItem(k)){sessionStorage.removeItem(k);return}if(d&&d.tagName==="DETAILS"&&window.matchMedia(${JSON.stringify(
  SMALL_SCREEN_QUERY,
)}).matches)d.open=false})()`;

/**
 * On an HTML-first page (a visitor's, without the app's JavaScript): a copy button
 * (`data-copy`) puts its value on the clipboard and the page's message region says so with the
 * button's `data-copied` text. The full app copies with React instead.
 */
export const COPY_SCRIPT = `document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-copy]");if(!b||!navigator.clipboard)return;navigator.clipboard.writeText(b.getAttribute("data-copy")).then(function(){var s=document.getElementById("page-message");if(s){s.hidden=true;void s.offsetWidth;s.textContent=b.getAttribute("data-copied");s.hidden=false}})})`;

/**
 * On an HTML-first page: a select that follows another (`data-follows` names the other's id; a
 * city follows its country, a subcategory its category) shows only the options whose
 * `data-parent` is the other's value (first, the others hidden after them), is disabled while
 * there are none, clears its value when
 * the other changes, and takes the prompt of its first option from `data-labels` (no choice yet,
 * any, none available). The server renders the same state; this follows the changes.
 */
export const DEPENDENT_SELECTS_SCRIPT = `document.addEventListener("change",function(e){var p=e.target;if(!p||!p.id||p.tagName!=="SELECT")return;document.querySelectorAll('select[data-follows="'+p.id+'"]').forEach(function(c){var v=p.value,n=0,a=[].slice.call(c.options);a.forEach(function(o){var k=o.getAttribute("data-parent");if(k===null)return;o.hidden=o.disabled=k!==v;if(k===v)n++});a.forEach(function(o){if(o.hidden)c.appendChild(o)});c.value="";var f=c.options[0],l=f&&f.getAttribute("data-labels");if(l){l=JSON.parse(l);f.textContent=!v?l[0]:n?l[1]:l[2]}c.disabled=!v||!n})})`;

/**
 * On an HTML-first page, a filter form (`data-auto-submit`) behaves as in the app: a choice
 * (select, checkbox) applies at once, typed search text after a pause when the form says
 * `data-auto-submit="typing"`, and the address keeps
 * only the fields that say something (no `?q=&country=`). After a search typed this way the
 * next page puts the cursor back at the end of the search field.
 */
export const AUTO_SUBMIT_SCRIPT = `(function(){var K="fabricum-refocus",w,r=sessionStorage.getItem(K);function go(f){var p=new URLSearchParams();new FormData(f).forEach(function(v,k){if(typeof v==="string"&&v.trim()!=="")p.append(k,v.trim())});var q=p.toString();location.assign(f.getAttribute("action")+(q?"?"+q:""))}if(r){sessionStorage.removeItem(K);var el=document.getElementById(r);if(el){el.focus();el.setSelectionRange&&el.setSelectionRange(el.value.length,el.value.length)}}document.addEventListener("submit",function(e){var f=e.target;if(f.hasAttribute&&f.hasAttribute("data-auto-submit")){e.preventDefault();go(f)}});document.addEventListener("change",function(e){var t=e.target,f=t.form;if(!f||!f.hasAttribute("data-auto-submit")||!(t.tagName==="SELECT"||t.type==="checkbox"||t.type==="radio"))return;var d=t.closest("details");if(d&&d.open)sessionStorage.setItem(${JSON.stringify(FILTERS_OPEN_KEY)},"1");setTimeout(function(){go(f)},0)});document.addEventListener("input",function(e){var t=e.target,f=t.form;if(!f||f.getAttribute("data-auto-submit")!=="typing"||t.type!=="search")return;clearTimeout(w);w=setTimeout(function(){sessionStorage.setItem(K,t.id);go(f)},600)})})()`;

/**
 * On an HTML-first page, a dialog opened by the address (a product's, a tender's details,
 * `data-address-dialog`) behaves as in the app: focus goes into it and Tab stays inside; Escape
 * follows its close link (`data-dialog-close`) and the next page gives focus back to the link that
 * opened it; a picture gallery's thumbnail (`data-gallery-picture`, a link to the full picture)
 * makes that picture the large one instead of opening it.
 */
export const DIALOG_SCRIPT = `(function(){var K="fabricum-return-focus",b=sessionStorage.getItem(K);if(b){sessionStorage.removeItem(K);var o=document.querySelector('a[href="'+CSS.escape(b)+'"]');if(o)o.focus()}var d=document.querySelector("[data-address-dialog]");if(!d)return;var f=function(){return[].slice.call(d.querySelectorAll('a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea,[tabindex]:not([tabindex="-1"])'))},l=f();(l[0]||d).focus();d.addEventListener("keydown",function(e){if(e.key!=="Tab")return;var l=f(),i=l.indexOf(document.activeElement);if(!l.length)return;if(e.shiftKey&&i<=0){e.preventDefault();l[l.length-1].focus()}else if(!e.shiftKey&&i===l.length-1){e.preventDefault();l[0].focus()}});document.addEventListener("click",function(e){if(e.target.closest&&e.target.closest("[data-dialog-close]"))sessionStorage.setItem(K,location.pathname+location.search)},true)})();document.addEventListener("keydown",function(e){if(e.key!=="Escape"||e.defaultPrevented)return;var c=document.querySelector("[data-dialog-close]");if(c)c.click()});document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("[data-gallery-picture]");if(!a)return;var g=a.closest("[data-gallery]"),m=g&&g.querySelector("[data-gallery-main] img");if(!m)return;e.preventDefault();m.src=a.getAttribute("href");m.alt=a.getAttribute("data-alt");g.querySelectorAll("[data-gallery-picture]").forEach(function(t){var on=t===a;if(on)t.setAttribute("aria-current","true");else t.removeAttribute("aria-current");t.classList.toggle("border-brand-600",on);t.classList.toggle("border-transparent",!on)})})`;

/**
 * On an HTML-first page, a form that says `data-checked-form` (the account forms) is checked
 * before it goes, by the rules its controls carry (`data-check`, rendered from the form's schema
 * by app/components/ui/browser-checks.ts; the script holds no limit and no language): an empty
 * required field gets `data-missing`, a short or long one `data-too-short`/`data-too-long`, the
 * first pattern of `data-patterns` it fails that pattern's message, a repeat (`data-same-as`)
 * that differs `data-mismatch`. Each message goes under its field (`<id>-error`, the hint
 * `<id>-hint` hidden meanwhile) with aria-invalid and aria-describedby, as the server draws them;
 * a wrong form is not sent and focus goes to its first wrong field. A field said wrong is checked
 * again as it is typed in (or chosen), and its repeat with it; a message never appears when a
 * field is left (the page would move under the pointer on its way to the button). A form that goes shows its button's
 * `data-busy` label on the disabled button, and is not sent twice. A button with `data-wait`
 * (seconds) is disabled until then, and its hint (aria-describedby) hidden after.
 */
export const FORM_CHECKS_SCRIPT = `(function(){function a(e,n){return e.getAttribute(n)}function v(c){if(c.tagName==="FIELDSET"){var r=c.querySelector("input:checked");return r?r.value:""}return c.value}function bad(c){var w=v(c),t=c.hasAttribute("data-trim")?w.trim():w,o=a(c,"data-same-as"),p=JSON.parse(a(c,"data-patterns")||"[]"),n=+a(c,"minlength"),x=+a(c,"maxlength"),i;if(o&&(o=document.getElementById(o))&&o.value&&o.value!==w)return a(c,"data-mismatch");if(!w)return c.hasAttribute("required")||c.querySelector("[required]")?a(c,"data-missing"):null;if(t.length<n)return a(c,"data-too-short");if(x&&t.length>x)return a(c,"data-too-long");for(i=0;i<p.length;i++)if(!new RegExp(p[i][0],p[i][1]).test(t))return p[i][2];return null}function show(c,m){var e=document.getElementById(c.id+"-error"),h=document.getElementById(c.id+"-hint"),d=m&&e?e.id:!m&&h?h.id:"";(c.tagName==="FIELDSET"?[].slice.call(c.querySelectorAll("input")):[c]).forEach(function(i){if(m)i.setAttribute("aria-invalid","true");else i.removeAttribute("aria-invalid")});if(e){e.textContent=m||"";e.hidden=!m}if(h)h.hidden=!!m;if(d)c.setAttribute("aria-describedby",d);else c.removeAttribute("aria-describedby");return!m}function check(c){return show(c,bad(c))}function owner(t){return t&&t.closest&&t.closest("[data-check]")}function wrong(c){return c.getAttribute("aria-invalid")==="true"||!!c.querySelector("[aria-invalid=true]")}document.addEventListener("submit",function(e){var f=e.target,first=null;if(!f.hasAttribute||!f.hasAttribute("data-checked-form"))return;if(f.hasAttribute("data-sending")){e.preventDefault();return}f.querySelectorAll("[data-check]").forEach(function(c){if(!check(c)&&!first)first=c});if(first){e.preventDefault();(first.tagName==="FIELDSET"?first.querySelector("input"):first).focus();return}f.setAttribute("data-sending","");f.querySelectorAll("[data-busy]").forEach(function(b){b.setAttribute("data-idle",b.textContent);b.textContent=a(b,"data-busy");b.disabled=true})});document.addEventListener("input",function(e){var c=owner(e.target);if(!c||!c.closest("[data-checked-form]"))return;if(wrong(c))check(c);document.querySelectorAll('[data-same-as="'+c.id+'"]').forEach(function(r){if(wrong(r))check(r)})});window.addEventListener("pageshow",function(e){if(!e.persisted)return;document.querySelectorAll("[data-sending]").forEach(function(f){f.removeAttribute("data-sending")});document.querySelectorAll("[data-idle]").forEach(function(b){b.textContent=a(b,"data-idle");b.removeAttribute("data-idle");b.disabled=false})});document.querySelectorAll("[data-wait]").forEach(function(b){var h=document.getElementById(a(b,"aria-describedby"));b.disabled=true;setTimeout(function(){b.disabled=false;b.removeAttribute("aria-describedby");if(h)h.hidden=true},1000*+a(b,"data-wait"))})})()`;

/**
 * The one script at the end of every HTML-first page (the copy buttons, the dependent selects,
 * the filter forms, the address dialogs, the checked forms).
 */
export const PAGE_SCRIPTS = `${COPY_SCRIPT};${DEPENDENT_SELECTS_SCRIPT};${AUTO_SUBMIT_SCRIPT};${DIALOG_SCRIPT};${FORM_CHECKS_SCRIPT}`;

/**
 * The one script at the end of a signed-in HTML-first page: the page scripts and the workspace's
 * own (live updates, the account menu's keys, busy buttons: workspace-scripts.ts).
 */
export const SIGNED_IN_PAGE_SCRIPTS = `${PAGE_SCRIPTS};${WORKSPACE_SCRIPTS}`;

/** Every constant inline script, each allowed by the Content-Security-Policy by its hash. */
export const INLINE_SCRIPTS = [
  COLLAPSE_FILTERS_SCRIPT,
  PAGE_SCRIPTS,
  SIGNED_IN_PAGE_SCRIPTS,
] as const;
