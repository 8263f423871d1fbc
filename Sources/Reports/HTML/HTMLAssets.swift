/// The style and script every page of the HTML report carries inline, and the policy that keeps
/// a page from loading anything but its own pictures.
enum HTMLAssets {
    /// Nothing from the network: no fonts, frames, connections or scripts from elsewhere;
    /// pictures only from the site itself (or data: URIs).
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    static let style = """
    :root { color-scheme: light; --err: #b3261e; --err-bg: #fde7e4; --warn: #8a5a00; --warn-bg: #fff2cc;
      --ok: #1e6b35; --ok-bg: #e3f4e6; --line: #d0d4da; --muted: #5b6270; }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif; color: #1b1f24; background: #f6f7f9; }
    header.top { padding: 12px 20px; background: #fff; border-bottom: 1px solid var(--line); }
    header.top h1 { margin: 0; font-size: 20px; }
    header.top p { margin: 2px 0; }
    main, .stage { padding: 16px 20px; }
    h2 { font-size: 16px; margin: 8px 0; }
    a { color: #0b57d0; }
    .file, .summary, .counts, .hint, .legend { color: var(--muted); }
    .file { display: block; font-size: 12px; }
    table.overview { border-collapse: collapse; background: #fff; }
    table.overview th, table.overview td { border: 1px solid var(--line); padding: 4px 10px; text-align: center; }
    table.overview tbody th { text-align: left; font-weight: 600; }
    table.overview td a { display: block; color: inherit; text-decoration: none; font-weight: 600; }
    td.err, .count.err { background: var(--err-bg); color: var(--err); }
    td.warn, .count.warn { background: var(--warn-bg); color: var(--warn); }
    td.ok, .count.ok { background: var(--ok-bg); color: var(--ok); }
    td.none { color: var(--muted); }
    nav.pickers { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 10px 20px;
      background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 1; }
    .languages { display: flex; flex-wrap: wrap; gap: 4px; }
    .languages button { font: inherit; padding: 3px 8px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
    .languages button[aria-pressed="true"] { background: #1b1f24; color: #fff; border-color: #1b1f24; }
    .languages button:focus-visible, select:focus-visible, input:focus-visible { outline: 2px solid #0b57d0; outline-offset: 2px; }
    .count { display: inline-block; min-width: 1.6em; margin-left: 6px; padding: 0 4px; border-radius: 8px; font-size: 12px; text-align: center; }
    .stage { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
    figure.shot { margin: 0; flex: 0 1 auto; max-width: min(420px, 100%); }
    figure.shot figcaption { font-weight: 600; margin-bottom: 6px; }
    figure.shot img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
    .stage section.findings { flex: 1 1 320px; min-width: 280px; }
    form.filters { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; margin-bottom: 10px; }
    form.filters fieldset { border: 1px solid var(--line); border-radius: 6px; padding: 2px 8px; margin: 0; }
    form.filters legend { font-size: 12px; color: var(--muted); }
    form.filters label { margin-right: 8px; white-space: nowrap; }
    form.filters input[type=search] { font: inherit; padding: 3px 6px; width: 14em; }
    ol.finding-list { list-style: none; margin: 0; padding: 0; }
    li.finding { background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--warn); border-radius: 4px; padding: 6px 10px; margin-bottom: 8px; }
    li.finding.error { border-left-color: var(--err); }
    li.finding p { margin: 2px 0; }
    .severity { font-weight: 700; text-transform: uppercase; font-size: 11px; }
    li.finding.error .severity { color: var(--err); }
    li.finding.warning .severity { color: var(--warn); }
    .kind { font-family: ui-monospace, "Noto Sans Mono", monospace; font-size: 12px; background: #eef0f3; padding: 0 4px; border-radius: 3px; }
    .place { font-family: ui-monospace, "Noto Sans Mono", monospace; font-size: 12px; }
    .detail { color: var(--muted); font-size: 12px; }
    .where { font-weight: 600; }
    .input-errors li { color: var(--err); }

    """

    /// Filters on every page; on a layout's page, the pickers: a language button, ← and →, the
    /// device and size menus show the run they name (its picture, the development language's
    /// beside it, its findings) and keep it in the address's fragment, which a page reads on
    /// opening (`#language=es&device=iPhone%2015&size=L`).
    static let script = #"""
    'use strict';
    (() => {
      const all = (selector, root = document) => Array.from(root.querySelectorAll(selector));
      const form = document.querySelector('form.filters');
      const filter = () => {
        const checked = (name) => new Set(all(`input[data-filter="${name}"]`, form).filter((box) => box.checked).map((box) => box.value));
        const kinds = checked('kind');
        const severities = checked('severity');
        const query = document.getElementById('search').value.trim().toLowerCase();
        for (const item of all('li.finding')) {
          item.hidden = !(kinds.has(item.dataset.kind) && severities.has(item.dataset.severity)
            && (query === '' || item.dataset.search.includes(query)));
        }
        for (const list of all('ol.finding-list')) {
          const note = list.nextElementSibling;
          if (note && note.classList.contains('filtered-out')) {
            note.hidden = all('li.finding', list).some((item) => !item.hidden);
          }
        }
      };
      if (form) {
        form.addEventListener('input', filter);
        form.addEventListener('change', filter);
        form.addEventListener('submit', (event) => event.preventDefault());
        filter();
      }

      const buttons = all('.languages button[data-language]');
      if (buttons.length === 0) return;
      const runs = all('section.run');
      const device = document.getElementById('device');
      const size = document.getElementById('size');
      const development = document.body.dataset.development;
      const languages = buttons.map((button) => button.dataset.language);
      let language = document.body.dataset.language;
      const find = (lang) => runs.find((run) => run.dataset.language === lang
        && run.dataset.device === device.value && run.dataset.size === size.value);
      const picture = (id, run, caption) => {
        const figure = document.getElementById(id);
        figure.hidden = !run;
        if (!run) return;
        const image = document.getElementById(`${id}-picture`);
        image.width = Number(run.dataset.width);
        image.height = Number(run.dataset.height);
        image.alt = run.dataset.alt;
        image.src = run.dataset.picture;
        document.getElementById(`${id}-caption`).textContent = caption;
      };
      const show = () => {
        const shown = find(language);
        for (const run of runs) run.hidden = run !== shown;
        document.getElementById('no-run').hidden = Boolean(shown);
        picture('chosen', shown, `${language} · ${device.value} · ${size.value}`);
        picture('development', language === development ? undefined : find(development),
          `Development language: ${development}`);
        for (const button of buttons) {
          const run = find(button.dataset.language);
          const count = button.querySelector('.count');
          count.textContent = run ? run.dataset.errors : '–';
          count.className = `count ${run ? run.dataset.tone : ''}`;
          button.setAttribute('aria-pressed', String(button.dataset.language === language));
        }
        const fragment = new URLSearchParams({ language, device: device.value, size: size.value }).toString();
        try { history.replaceState(null, '', `#${fragment}`); } catch (error) { /* a page without history */ }
      };
      const choose = (select, value) => {
        if (value !== null && Array.from(select.options).some((option) => option.value === value)) select.value = value;
      };
      const fragment = new URLSearchParams(location.hash.slice(1));
      if (languages.includes(fragment.get('language'))) language = fragment.get('language');
      choose(device, fragment.get('device'));
      choose(size, fragment.get('size'));
      for (const button of buttons) {
        button.addEventListener('click', () => { language = button.dataset.language; show(); });
      }
      device.addEventListener('change', show);
      size.addEventListener('change', show);
      document.addEventListener('keydown', (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        if (event.target instanceof Element && event.target.closest('input, select, textarea')) return;
        const step = event.key === 'ArrowRight' ? 1 : -1;
        language = languages[(languages.indexOf(language) + step + languages.length) % languages.length];
        show();
        event.preventDefault();
      });
      show();
    })();

    """#
}
