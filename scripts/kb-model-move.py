#!/usr/bin/env python3
"""
Rewrites imports of the knowledge and response-message model, which moved out of core and the sdk
into plugin contracts (issue 14):

  @civic/sdk/common/knowledge, @civic/core/common/knowledge[/file]
      -> plugins/knowledge-base/contract/common/knowledge  (intents, phrases, parameters, glossary, snapshot)
      -> plugins/entities/contract/common                  (entity types and the entity extractor)
      -> plugins/classification/contract/common            (Category, Label)
      -> @civic/sdk/common/re2                             (checkRe2, compileRe2, Re2Check: generic)
  @civic/sdk/common/responses, @civic/core/common/responses[/file]
      -> plugins/knowledge-base/contract/common/responses[/file]
  @civic/core/server/responses[/file], and prepareResponsesForStorage / prepareResponsesOrThrow /
  sanitizeHtml imported from @civic/sdk/server
      -> plugins/knowledge-base/contract/server/responses[/file]
  @civic/sdk/web/responses[/views|/editors|/file.css?inline ...]
      -> plugins/knowledge-base/contract/web/responses[/...]

Relative specifiers that resolve to one of the old places are rewritten too. New specifiers into a
plugin are written relative to the importing file (as plugins import contracts); the generic re2
helper keeps its `@civic/sdk/...` alias. Imports of the old knowledge barrels are split per symbol.

Usage:
  python3 scripts/kb-model-move.py                 # the whole repository (not node_modules, dist, .git)
  python3 scripts/kb-model-move.py FILE...         # only these files
  python3 scripts/kb-model-move.py --check [FILE...]  # list what would change; exit 1 if anything would

Idempotent: a second run changes nothing. It also warns (without changing them) about uses of the
Messages keys that moved to KbMessages, and about core/sdk/host files that would now import a plugin
(core must not: invert such a dependency by hand).
"""
from __future__ import annotations

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {'node_modules', 'dist', '.git', '.tsbuild', '.civic-data', 'coverage'}
EXTENSIONS = ('.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx')
THIS_SCRIPT = os.path.relpath(os.path.abspath(__file__), ROOT)

KB = 'plugins/knowledge-base/contract'
KB_KNOWLEDGE = f'{KB}/common/knowledge/index'
KB_RESPONSES = f'{KB}/common/responses'
KB_SERVER_RESPONSES = f'{KB}/server/responses'
KB_WEB_RESPONSES = f'{KB}/web/responses'
ENTITIES = 'plugins/entities/contract/common/index'
CLASSIFICATION = 'plugins/classification/contract/common/index'
RE2 = 'sdk/common/re2'

# Per-symbol destinations of the old knowledge barrels; any other symbol goes to KB_KNOWLEDGE.
KNOWLEDGE_SYMBOLS = {
    **{name: ENTITIES for name in (
        'ENTITY_KINDS', 'entityRef', 'EntityEntry', 'EntityKind', 'EntityType',
        'extractEntities', 'EntityMatch', 'ExtractableEntity', 'editDistance', 'fuzzyTolerance')},
    **{name: CLASSIFICATION for name in ('Category', 'Label')},
    **{name: RE2 for name in ('checkRe2', 'compileRe2', 'Re2Check')},
}
# Symbols of the @civic/sdk/server barrel that moved; the rest of that barrel stays.
SDK_SERVER_SYMBOLS = {name: f'{KB_SERVER_RESPONSES}/index' for name in (
    'prepareResponsesForStorage', 'prepareResponsesOrThrow', 'sanitizeHtml')}

# core/common/knowledge/<file> -> its new module.
KNOWLEDGE_FILES = {
    **{f: f'{KB}/common/knowledge/{f}' for f in (
        'action-parameter', 'intent', 'training-phrase', 'glossary-term', 'knowledge-snapshot')},
    'entity-type': 'plugins/entities/contract/common/entity-type',
    'entity-extractor': 'plugins/entities/contract/common/entity-extractor',
    'classification': 'plugins/classification/contract/common/classification',
    're2': RE2,
}

# Keys that left core's Messages for KbMessages (plugins/knowledge-base/common/messages.ts).
MOVED_MESSAGES = ('invalidUrl', 'channelWithoutResponses', 'createOneResponse', 'customPayloadError')

SPLIT_KNOWLEDGE = 'split-knowledge'
SPLIT_SDK_SERVER = 'split-sdk-server'


def destination(key: str) -> str | None:
    """The new module (repo path without extension, or a split marker) for an old one, else None."""
    if key in ('sdk/common/knowledge', 'core/common/knowledge', 'core/common/knowledge/index'):
        return SPLIT_KNOWLEDGE
    if key.startswith('core/common/knowledge/'):
        return KNOWLEDGE_FILES.get(key[len('core/common/knowledge/'):])
    if key in ('sdk/server', 'sdk/server/index'):
        return SPLIT_SDK_SERVER
    for old, new in (
        ('sdk/common/responses', f'{KB_RESPONSES}/index'),
        ('core/common/responses', f'{KB_RESPONSES}/index'),
        ('core/server/responses', f'{KB_SERVER_RESPONSES}/index'),
        ('sdk/web/responses', f'{KB_WEB_RESPONSES}/index'),
    ):
        if key in (old, f'{old}/index'):
            return new
    for old, new in (
        ('core/common/responses/', f'{KB_RESPONSES}/'),
        ('core/server/responses/', f'{KB_SERVER_RESPONSES}/'),
        ('sdk/web/responses/', f'{KB_WEB_RESPONSES}/'),
    ):
        if key.startswith(old):
            return new + key[len(old):]
    return None


def old_key(file: str, specifier: str) -> str | None:
    """The repo path (no extension) a specifier names, when it is one of ours."""
    for alias, folder in (('@civic/sdk/', 'sdk/'), ('@civic/core/', 'core/')):
        if specifier.startswith(alias):
            path = folder + specifier[len(alias):]
            break
    else:
        if not specifier.startswith('.'):
            return None
        path = os.path.relpath(os.path.normpath(os.path.join(os.path.dirname(file), specifier)), '.')
        path = path.replace(os.sep, '/')
    return re.sub(r'\.(ts|tsx|js|mjs)$', '', path)


def new_specifier(file: str, target: str) -> str:
    if target.startswith('sdk/'):
        return '@civic/sdk/' + target[len('sdk/'):]
    rel = os.path.relpath(target, os.path.dirname(file) or '.').replace(os.sep, '/')
    return rel if rel.startswith('.') else './' + rel


# import/export ... from 'x'  (named, default, namespace; multi-line); bare import 'x'; import('x').
STATEMENT = re.compile(
    r"""(?P<head>\b(?:import|export)\b(?P<clause>(?:(?!\bfrom\b)[^;'"`])*?)\bfrom\s*)(?P<q>['"])(?P<spec>[^'"]+)(?P=q)(?P<semi>\s*;)?"""
    r"""|(?P<bare>\bimport\s*\(?\s*)(?P<q2>['"])(?P<spec2>[^'"]+)(?P=q2)""",
    re.S,
)
NAMED = re.compile(r"^\s*(?P<kw>import|export)(?P<type>\s+type)?\s*\{(?P<names>[^}]*)\}\s*$", re.S)


def split_names(names: str) -> list[str]:
    return [n.strip() for n in names.split(',') if n.strip()]


def imported_name(entry: str) -> str:
    """`type Foo as Bar` -> Foo (the name the old module exported)."""
    entry = re.sub(r'^type\s+', '', entry)
    return entry.split(' as ')[0].strip()


def rewrite_text(file: str, text: str, warnings: list[str]) -> str:
    def replace(match: re.Match[str]) -> str:
        if match.group('bare') is not None:
            spec = match.group('spec2')
            key = old_key(file, spec.split('?')[0])
            query = spec[len(spec.split('?')[0]):]
            dest = destination(key) if key else None
            if dest in (None, SPLIT_SDK_SERVER):
                return match.group(0)
            if dest == SPLIT_KNOWLEDGE:
                dest = KB_KNOWLEDGE
            note_target(dest)
            return f"{match.group('bare')}{match.group('q2')}{new_specifier(file, dest)}{query}{match.group('q2')}"
        spec = match.group('spec')
        base = spec.split('?')[0]
        query = spec[len(base):]
        key = old_key(file, base)
        dest = destination(key) if key else None
        if dest is None:
            return match.group(0)
        head, clause, quote, semi = match.group('head'), match.group('clause'), match.group('q'), match.group('semi') or ''
        if dest not in (SPLIT_KNOWLEDGE, SPLIT_SDK_SERVER):
            note_target(dest)
            return f"{head}{quote}{new_specifier(file, dest)}{query}{quote}{semi}"
        table, default = (KNOWLEDGE_SYMBOLS, KB_KNOWLEDGE) if dest == SPLIT_KNOWLEDGE else (SDK_SERVER_SYMBOLS, None)
        statement = head[: len(head) - len(head.lstrip())] + head.strip()
        named = NAMED.match(re.sub(r'\bfrom\s*$', '', statement))
        if not named:
            if default is None:
                return match.group(0)  # e.g. `import * as sdk from '@civic/sdk/server'`: nothing moved by name
            warnings.append(f'{file}: cannot split `{statement.strip()} ...{spec}`; sent whole to the knowledge base contract')
            note_target(default)
            return f"{head}{quote}{new_specifier(file, default)}{quote}{semi}"
        groups: dict[str, list[str]] = {}
        for entry in split_names(named.group('names')):
            target = table.get(imported_name(entry), default)
            groups.setdefault(target or base, []).append(entry)
        if list(groups) == [base]:
            return match.group(0)
        kw, type_kw = named.group('kw'), named.group('type') or ''
        indent = re.match(r'\s*', head).group(0)
        parts = []
        for target, entries in groups.items():
            out_spec = base if target == base else new_specifier(file, target)
            if target != base:
                note_target(target)
            group_type = type_kw
            if not group_type and all(e.startswith('type ') for e in entries):
                entries, group_type = [e[len('type '):] for e in entries], ' type'
            parts.append(f"{kw}{group_type} {{ {', '.join(entries)} }} from {quote}{out_spec}{quote};")
        return indent + '\n'.join(parts)

    targets: set[str] = set()

    def note_target(target: str) -> None:
        targets.add(target)

    new_text = STATEMENT.sub(replace, text)
    if targets and re.match(r'(core|sdk|host)/', file) and any(t.startswith('plugins/') for t in targets):
        warnings.append(f'{file}: core, sdk and host must not import a plugin; move this code to the plugin or invert the dependency')
    if new_text != text:
        new_text = merge_duplicate_imports(file, new_text, {new_specifier(file, t) for t in targets})
    return new_text


def merge_duplicate_imports(file: str, text: str, specifiers: set[str]) -> str:
    """Joins `import {..} from 'x'` statements of a rewritten specifier into the first one."""
    pattern = re.compile(r"^import(?P<type>\s+type)?\s*\{(?P<names>[^}]*)\}\s*from\s*(?P<q>['\"])(?P<spec>[^'\"]+)(?P=q);?[ \t]*\n", re.M)
    for spec in specifiers:
        found = [m for m in pattern.finditer(text) if m.group('spec') == spec]
        if len(found) < 2:
            continue
        entries: list[str] = []
        for m in found:
            for entry in split_names(m.group('names')):
                entry = entry if not m.group('type') or entry.startswith('type ') else f'type {entry}'
                if entry not in entries:
                    entries.append(entry)
        all_types = all(e.startswith('type ') for e in entries)
        names = [e[len('type '):] for e in entries] if all_types else entries
        merged = f"import{' type' if all_types else ''} {{ {', '.join(names)} }} from '{spec}';\n"
        for m in reversed(found[1:]):
            text = text[: m.start()] + text[m.end():]
        first = found[0]
        text = text[: first.start()] + merged + text[first.end():]
    return text


def warn_messages(file: str, text: str, warnings: list[str]) -> None:
    for key in MOVED_MESSAGES:
        if re.search(rf'\bMessages\.{key}\b', text):
            warnings.append(f'{file}: Messages.{key} moved to KbMessages (plugins/knowledge-base/common/messages.ts)')


def repo_files() -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk('.'):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith('.'))
        for name in sorted(filenames):
            if name.endswith(EXTENSIONS) and not name.endswith('.d.ts'):
                out.append(os.path.relpath(os.path.join(dirpath, name), '.').replace(os.sep, '/'))
    return out


def main(argv: list[str]) -> int:
    check = '--check' in argv
    args = [a for a in argv if a != '--check']
    os.chdir(ROOT)
    files = [os.path.relpath(os.path.abspath(a), ROOT).replace(os.sep, '/') for a in args] if args else repo_files()
    warnings: list[str] = []
    changed = []
    for file in files:
        if file == THIS_SCRIPT or not os.path.isfile(file):
            continue
        with open(file, encoding='utf8') as handle:
            text = handle.read()
        new_text = rewrite_text(file, text, warnings)
        warn_messages(file, new_text, warnings)
        if new_text != text:
            changed.append(file)
            if not check:
                with open(file, 'w', encoding='utf8') as handle:
                    handle.write(new_text)
    for file in changed:
        print(f"{'would rewrite' if check else 'rewrote'} {file}")
    for warning in warnings:
        print(f'warning: {warning}', file=sys.stderr)
    print(f"{len(changed)} file(s) {'to rewrite' if check else 'rewritten'}", file=sys.stderr)
    return 1 if check and changed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
