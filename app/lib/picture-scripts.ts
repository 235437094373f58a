/**
 * The constant scripts of the light workspace pages' forms with pictures and the product form's
 * widgets (docs/decisions/036-light-workspace-pages.md): what the app's components did before a
 * post, without the app. Each reads what it needs from the markup — limits, types and messages
 * in `data-` attributes rendered by the components (app/components/picture-list.tsx,
 * image-upload.tsx, features/products/components/colors-input.tsx...) — so the scripts hold no
 * limit and no language, and stay constant (allowed by the Content-Security-Policy by hash).
 */

/** Below this size an upload is over before a bar could say anything (as UploadProgressBar). */
export const PROGRESS_SHOWN_FROM = 256 * 1024;

/**
 * Shared by the picture scripts: `say(type, title, text)` writes a message into the page's
 * message region (`#page-message`, components/toasts.tsx `PageMessage`, which carries the class
 * and default title of each type), as the app's toast; `problem(input, file)` is why a chosen
 * file cannot go (`data-max-bytes`/`data-too-large`, `data-types`/`data-bad-type`:
 * app/domain/uploads.ts `imageProblem`), or null.
 */
const HELPERS = `function A(e,n){return e.getAttribute(n)}function put(t,k,v){return t.split(k).join(v)}function say(y,h,x){var p=document.getElementById("page-message");if(!p)return;p.className=A(p,"data-class-"+y)||p.className;p.replaceChildren();var s=document.createElement("span");s.className="block font-semibold";s.textContent=h||A(p,"data-title-"+y)||"";p.appendChild(s);if(x){s=document.createElement("span");s.className="mt-0.5 block";s.textContent=x;p.appendChild(s)}p.hidden=true;void p.offsetWidth;p.hidden=false}function problem(i,f){return f.size>+A(i,"data-max-bytes")?A(i,"data-too-large"):(A(i,"data-types")||"").split(",").indexOf(f.type)<0?A(i,"data-bad-type"):null}`;

/**
 * Pictures of a new row (a product's, a tender's: `input[data-chosen-pictures="<list id>"]`,
 * components/picture-list.tsx `NewPicturesPicker`), as the app's picker: each choice is checked
 * (type, size) and added to the earlier ones (the same file once), at most `data-max`; the
 * input holds the files the form sends. Each kept file is shown in the list from the
 * `<template id="<data-preview>">` (its picture, a button that takes it off, named by
 * `data-remove` with `{file}`); a file the browser cannot show is taken off and named
 * (`data-refused` with `{file}` and `{reason}`). The add tile (the input's `li`) hides when full.
 * What is refused goes under the field (`<id>-error`, the hint `<id>-hint` hidden meanwhile) and
 * into the page's message region.
 */
const CHOSEN_PICTURES = `var kept=new WeakMap();function key(f){return f.name+":"+f.size+":"+f.lastModified}function refuse(i,m){var e=document.getElementById(i.id+"-error"),h=document.getElementById(i.id+"-hint"),t=m.join(" ");if(e){e.textContent=t;e.hidden=!t}if(h)h.hidden=!!t;if(t){i.setAttribute("aria-invalid","true");i.setAttribute("aria-describedby",i.id+"-error");m.forEach(function(x){say("error",null,x)})}else{i.removeAttribute("aria-invalid");if(h)i.setAttribute("aria-describedby",h.id)}}function keep(i,l){var d=new DataTransfer();l.forEach(function(f){d.items.add(f)});i.files=d.files;kept.set(i,l);draw(i,l)}function drop(i,f,m){keep(i,(kept.get(i)||[]).filter(function(o){return o!==f}));refuse(i,m?[m]:[])}function draw(i,l){var u=document.getElementById(A(i,"data-chosen-pictures")),p=document.getElementById(A(i,"data-preview")),a=i.closest("li");if(!u||!p)return;[].forEach.call(u.querySelectorAll("[data-preview-of]"),function(o){var g=o.querySelector("img");if(g)URL.revokeObjectURL(g.src);o.remove()});l.forEach(function(f){var o=p.content.firstElementChild.cloneNode(true),g=o.querySelector("img"),b=o.querySelector("button");o.setAttribute("data-preview-of",key(f));g.alt=f.name;g.onerror=function(){drop(i,f,put(put(A(i,"data-refused"),"{reason}",A(i,"data-bad-type")),"{file}",f.name))};g.src=URL.createObjectURL(f);b.setAttribute("aria-label",put(A(i,"data-remove"),"{file}",f.name));b.addEventListener("click",function(){drop(i,f);i.focus()});u.insertBefore(o,a)});if(a)a.classList.toggle("hidden",l.length>=+A(i,"data-max"))}document.addEventListener("change",function(e){var i=e.target;if(!i.hasAttribute||!i.hasAttribute("data-chosen-pictures"))return;var l=(kept.get(i)||[]).slice(),k={},m=[],x=+A(i,"data-max");l.forEach(function(f){k[key(f)]=1});[].forEach.call(i.files||[],function(f){var p=problem(i,f);if(p){if(m.indexOf(p)<0)m.push(p);return}if(!k[key(f)]){k[key(f)]=1;l.push(f)}});if(l.length>x){m.push(A(i,"data-too-many"));l=l.slice(0,x)}keep(i,l);refuse(i,m)});addEventListener("pageshow",function(){[].forEach.call(document.querySelectorAll("input[data-chosen-pictures]"),function(i){if(i.files&&i.files.length&&!kept.get(i))keep(i,[].slice.call(i.files))})})`;

/**
 * A picture sent as soon as it is chosen (`input[data-upload-now]`: a row's 'add a picture'
 * tile, a profile's logo): checked first (type, size); a refused file is named in the page's
 * message region under `data-failed-title` and nothing is sent. Otherwise its form is sent, and
 * the control's label (`[data-busy-text]` in the form) says it is uploading.
 */
const UPLOAD_NOW = `document.addEventListener("change",function(e){var i=e.target;if(!i.hasAttribute||!i.hasAttribute("data-upload-now")||!i.form)return;var l=[].slice.call(i.files||[]),p=null;if(!l.length)return;l.some(function(f){return p=problem(i,f)});if(p){say("error",A(i,"data-failed-title"),p);i.value="";return}i.form.requestSubmit()});document.addEventListener("submit",function(e){var f=e.target;if(e.defaultPrevented||!f.querySelectorAll)return;[].forEach.call(f.querySelectorAll("[data-busy-text]"),function(s){s.setAttribute("data-idle-text",s.textContent);s.textContent=A(s,"data-busy-text");var c=s.closest("label");if(c)c.classList.add("pointer-events-none","opacity-50")})});addEventListener("pageshow",function(e){if(e.persisted)[].forEach.call(document.querySelectorAll("[data-idle-text]"),function(s){s.textContent=A(s,"data-idle-text");s.removeAttribute("data-idle-text");var c=s.closest("label");if(c)c.classList.remove("pointer-events-none","opacity-50")})})`;

/**
 * A form that changes one part of the page (`form[data-in-place]` inside
 * `[data-in-place-region="<name>"]`: a row's pictures, which the app changed through fetchers
 * while the row's form kept what was typed in it). It is sent by XMLHttpRequest, whose upload
 * says how far it got: the region's `[data-upload-progress]` bar shows it for big uploads
 * (its `data-sent` with `{p}` percent, `{l}` and `{t}` megabytes, then `data-saving`). The
 * answer (the page the post redirects to, or the page answered with a message) gives the
 * region's new version and the page's message; the rest of the page stays as it is. A region
 * named `page` (a profile's picture, which the header shows too) takes the whole answer: its
 * body and title replace the page's, as a page posted normally would, at the address the post
 * was redirected to (the constant scripts' listeners stay; the answer's scripts do not run). An answer
 * without the region (signed out, the row gone) is opened as a page; a failed send says
 * `data-failed-title` and leaves the region as it was.
 */
const IN_PLACE = `document.addEventListener("submit",function(e){var f=e.target;if(e.defaultPrevented||!f.hasAttribute||!f.hasAttribute("data-in-place"))return;var r=f.closest("[data-in-place-region]");if(!r||typeof XMLHttpRequest==="undefined")return;e.preventDefault();var d=e.submitter?new FormData(f,e.submitter):new FormData(f),x=new XMLHttpRequest(),g=r.querySelector("[data-upload-progress]"),n=A(r,"data-in-place-region"),lang=document.documentElement.lang;[].forEach.call(f.querySelectorAll("[popover]"),function(p){try{p.hidePopover()}catch(z){}});r.setAttribute("aria-busy","true");[].forEach.call(r.querySelectorAll("input[type=file],button"),function(b){b.disabled=true});function mb(b){return(b/1048576).toLocaleString(lang,{minimumFractionDigits:1,maximumFractionDigits:1})}x.open("POST",f.action);x.setRequestHeader("Accept","text/html");x.upload.onprogress=function(v){if(!g||!v.lengthComputable||v.total<${PROGRESS_SHOWN_FROM})return;var p=Math.min(100,Math.floor(v.loaded/v.total*100)),t=v.loaded>=v.total?A(g,"data-saving"):put(put(put(A(g,"data-sent"),"{p}",p),"{l}",mb(v.loaded)),"{t}",mb(v.total)),b=g.querySelector("[role=progressbar]");g.hidden=false;b.setAttribute("aria-valuenow",p);b.setAttribute("aria-valuetext",t);b.firstElementChild.style.width=p+"%";g.querySelector("p").textContent=t};x.onload=function(){var h=new DOMParser().parseFromString(x.responseText,"text/html"),w=h.querySelector('[data-in-place-region="'+CSS.escape(n)+'"]'),m=h.getElementById("page-message"),o=document.getElementById("page-message");if(n==="page"&&h.body){document.title=h.title;document.body.replaceWith(document.importNode(h.body,true));if(x.responseURL&&x.responseURL!==location.href)history.pushState(null,"",x.responseURL);return}if(!w){location.assign(x.responseURL||location.href);return}if(m&&o)o.replaceWith(document.importNode(m,true));w=document.importNode(w,true);r.replaceWith(w);var a=w.querySelector("[data-upload-now]");if(a)a.focus()};x.onerror=function(){r.removeAttribute("aria-busy");if(g)g.hidden=true;[].forEach.call(r.querySelectorAll("input[type=file],button"),function(b){b.disabled=false});[].forEach.call(r.querySelectorAll("[data-idle-text]"),function(s){s.textContent=A(s,"data-idle-text");s.removeAttribute("data-idle-text");var c=s.closest("label");if(c)c.classList.remove("pointer-events-none","opacity-50")});say("error",A(r,"data-failed-title"))};x.send(d)})`;

/** The pictures' scripts in one: they share their helpers. */
export const PICTURE_SCRIPT = `(function(){${HELPERS}${CHOSEN_PICTURES};${UPLOAD_NOW};${IN_PLACE}})()`;

/**
 * A product's colours without the app (features/products/components/colors-input.tsx renders
 * the same markup as the app: chips with their hidden field, the text box, 'Добавить', the
 * palette's buttons). `[data-colors]` carries `data-palette` (JSON: each palette colour's name
 * in the page's language, lower case, → [what is stored, its name, its swatch]) and
 * `data-remove` (a chip's button name, `{color}`). Enter in the text box, leaving it or
 * 'Добавить' turns what is typed into chips (split at commas, spaces tidied, the same colour
 * once, a palette colour under its stored name), a palette button adds its colour and hides,
 * a chip's button takes it off and shows its palette button again. The server renders the chips,
 * 'Добавить' and the palette hidden (`data-colors-js`) and the chips' fields disabled, with the
 * boxes of the app without JavaScript in a `noscript`: the script shows and enables them.
 */
export const COLORS_SCRIPT = `(function(){function A(e,n){return e.getAttribute(n)}function parts(w){var p=JSON.parse(A(w,"data-palette")||"{}");return{p:p,l:w.querySelector("[data-color-chips]"),t:w.querySelector("template[data-color-chip]")}}function sync(w){var s={},c=w.querySelector("[data-color-chips]");[].forEach.call(c.querySelectorAll("input[type=hidden]"),function(i){s[i.value.toLowerCase()]=1});c.hidden=!c.querySelector("li");[].forEach.call(w.querySelectorAll("[data-color-suggest]"),function(b){b.closest("li").hidden=!!s[A(b,"data-color-suggest").toLowerCase()]})}function add(w,text){var q=parts(w),have={};[].forEach.call(q.l.querySelectorAll("input[type=hidden]"),function(i){have[i.value.toLowerCase()]=1});text.split(",").forEach(function(r){var c=r.replace(/\\s+/g," ").trim();if(!c)return;var k=c.toLowerCase(),f=q.p[k]||[c,c,""];if(have[f[0].toLowerCase()])return;have[f[0].toLowerCase()]=1;var o=q.t.content.firstElementChild.cloneNode(true);o.querySelector("input").value=f[0];o.querySelector("input").disabled=false;var nm=o.querySelector("[data-color-name]"),s=o.querySelector("[data-color-swatch]");nm.textContent=f[1];if(f[2]){nm.removeAttribute("data-user-content");if(s)s.style.backgroundColor=f[2]}else nm.setAttribute("data-user-content","");o.querySelector("button").setAttribute("aria-label",A(w,"data-remove").split("{color}").join(f[1]));q.l.appendChild(o)});sync(w)}function draft(w){var i=w.querySelector("[data-color-draft]");if(i&&i.value.trim()){add(w,i.value);i.value=""}}[].forEach.call(document.querySelectorAll("[data-colors]"),function(w){[].forEach.call(w.querySelectorAll("[data-colors-js]"),function(e){e.hidden=false});[].forEach.call(w.querySelectorAll("[data-color-chips] input"),function(i){i.disabled=false});sync(w)});document.addEventListener("keydown",function(e){var i=e.target;if(e.key!=="Enter"||!i.hasAttribute||!i.hasAttribute("data-color-draft"))return;e.preventDefault();draft(i.closest("[data-colors]"))});document.addEventListener("focusout",function(e){var i=e.target;if(i.hasAttribute&&i.hasAttribute("data-color-draft"))draft(i.closest("[data-colors]"))});document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-colors] button");if(!b)return;var w=b.closest("[data-colors]");if(b.hasAttribute("data-color-add"))draft(w);else if(b.hasAttribute("data-color-suggest"))add(w,A(b,"data-color-suggest"));else if(b.hasAttribute("data-color-remove")){var n=b.closest("li").nextElementSibling||b.closest("li").previousElementSibling;b.closest("li").remove();sync(w);var f=n&&n.querySelector("button");(f||w.querySelector("[data-color-draft]")).focus()}})})()`;

/**
 * Small form helpers of the light pages: a count of ticked boxes (`[data-count-of="<id>"]` says
 * `data-labels[n]`, the last for more, of the checkboxes inside the element `<id>`: the
 * materials' 'выбрано: N'), a limit of ticked boxes (`[data-max-checked="<n>"]`: at n, the
 * others are disabled, as the app's CategoryCheckboxes), and a submit button that waits for a required text
 * (`data-needs-text="<field id>"`: disabled while that field holds nothing but spaces; the
 * server renders it enabled, so without JavaScript it can be pressed and the server says what
 * is missing). A city select of a form (`select[data-follows][data-grouped]`, rendered with every
 * country's cities in groups so that it works without JavaScript) is made to follow its country
 * as the dependent-selects script's selects do: the groups taken apart, the country's cities
 * first and the others hidden, disabled without a country.
 */
export const FORM_HELPERS_SCRIPT = `(function(){function count(){[].forEach.call(document.querySelectorAll("[data-count-of]"),function(c){var b=document.getElementById(c.getAttribute("data-count-of")),l=JSON.parse(c.getAttribute("data-labels")||"[]"),n=b?b.querySelectorAll("input[type=checkbox]:checked").length:0;if(l.length)c.textContent=l[Math.min(n,l.length-1)];c.toggleAttribute("data-some",n>0)})}function limit(){[].forEach.call(document.querySelectorAll("[data-max-checked]"),function(f){var b=f.querySelectorAll("input[type=checkbox]"),n=f.querySelectorAll("input[type=checkbox]:checked").length,x=+f.getAttribute("data-max-checked");[].forEach.call(b,function(i){i.disabled=!i.checked&&n>=x})})}function follow(){[].forEach.call(document.querySelectorAll("select[data-follows][data-grouped]"),function(c){var p=document.getElementById(c.getAttribute("data-follows"));if(!p)return;c.removeAttribute("data-grouped");var v=p.value,n=0,w=c.value;[].slice.call(c.querySelectorAll("optgroup")).forEach(function(g){[].slice.call(g.children).forEach(function(o){c.appendChild(o)});g.remove()});var a=[].slice.call(c.options);a.forEach(function(o){var k=o.getAttribute("data-parent");if(k===null)return;o.hidden=o.disabled=k!==v;if(k===v)n++});a.forEach(function(o){if(o.hidden)c.appendChild(o)});c.value=w;var f=c.options[0],l=f&&f.getAttribute("data-labels");if(l){l=JSON.parse(l);f.textContent=!v?l[0]:n?l[1]:l[2]}c.disabled=!v||!n})}function needs(){[].forEach.call(document.querySelectorAll("[data-needs-text]"),function(b){var f=document.getElementById(b.getAttribute("data-needs-text"));if(f&&!(b.form&&b.form.hasAttribute("data-sending")))b.disabled=!f.value.trim()})}document.addEventListener("change",function(){count();limit()});document.addEventListener("input",needs);addEventListener("pageshow",function(){count();limit();needs()});follow();count();limit();needs()})()`;

/** What the light pages' forms with pictures and widgets run (part of WORKSPACE_SCRIPTS). */
export const FORM_PAGE_SCRIPTS = `${PICTURE_SCRIPT};${COLORS_SCRIPT};${FORM_HELPERS_SCRIPT}`;
