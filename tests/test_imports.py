"""The import graph goes one way: firmware -> engine_lite, host_tools -> both, never back; and
inside a package no module imports one that imports it back.

A cycle is how a small module ends up dragging a large one along (and how a newcomer loses the
thread). The device code imports at the top of its files only (issue 59: the image holds the
whole tracker from power-up), and names no module in a string.
"""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine_lite", "firmware")
NAMED = re.compile(r"(engine_lite|firmware|host_tools)(\.\w+)+")


def imports_of(path):
    """Every module a file imports: at the top, inside functions (host tools), and every module
    a string names ("engine_lite.netrunner.golden.set_verb": a module loaded by its name)."""
    found = set()
    with open(path) as handle:
        tree = ast.parse(handle.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            for alias in node.names:              # `from firmware import forget, fonts`
                found.add(node.module + "." + alias.name)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and NAMED.fullmatch(node.value)):
            found.add(node.value)                       # a module, or a module's function
            found.add(node.value.rpartition(".")[0])
    return found


def device_modules(packages=PACKAGES):
    """{module name: the set of imported names} for engine_lite and firmware."""
    modules = {}
    for package in packages:
        for dirpath, dirs, names in os.walk(os.path.join(ROOT, package)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            prefix = os.path.relpath(dirpath, ROOT).replace(os.sep, ".")
            for name in sorted(names):
                if name.endswith(".py"):
                    module = prefix if name == "__init__.py" else prefix + "." + name[:-3]
                    modules[module] = imports_of(os.path.join(dirpath, name))
    return modules


def cycles(graph):
    """The import cycles of {module: modules it imports}, each as a list of modules."""
    found = []
    done = set()

    def visit(module, path):
        for other in sorted(graph[module]):
            if other in path:
                found.append(path[path.index(other):] + [other])
            elif other not in done:
                visit(other, path + [other])
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            visit(module, [module])
    return found


def test_no_module_of_the_device_code_imports_itself_back():
    modules = device_modules()
    graph = {module: {name for name in names if name in modules and name != module}
             for module, names in modules.items()}
    # A package's __init__ is imported with each of its modules: not an edge of the graph.
    packages = packages_of(modules)
    for module in graph:
        graph[module] -= packages
    assert cycles(graph) == []


def packages_of(modules):
    """The packages among the modules (firmware, firmware.board...): those with modules inside."""
    return set(PACKAGES) | {name.rpartition(".")[0] for name in modules if name.count(".") > 1}


def test_the_firmwares_folders_depend_one_way():
    """The folders show the architecture: the hardware layer (board) at the bottom, then the
    screen framework and saving, then each game's screens and tournament play, then the App and
    the main loop at the top. Counting every import, lazy ones too, no folder leans on one above
    it (a cycle between folders would be a module that belongs elsewhere). A module at the top
    of firmware (app, main, crash, games...) counts as a folder of its own."""
    modules = device_modules()
    packages = packages_of(modules)
    folder = lambda name: name.split(".")[1]
    edges = set()
    for module, names in modules.items():
        if not module.startswith("firmware.") or module in packages:
            continue
        for name in names:
            if name.startswith("firmware.") and name in modules and name not in packages:
                if folder(name) != folder(module):
                    edges.add((folder(module), folder(name)))
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    assert cycles(graph) == [], sorted(edges)
    assert ("board", "screens") not in edges and ("board", "saving") not in edges


def test_the_packages_import_one_way():
    """engine_lite imports neither firmware nor host_tools; firmware does not import host_tools."""
    wrong = []
    for module, names in device_modules().items():
        below = ("firmware", "host_tools") if module.startswith("engine_lite") else ("host_tools",)
        wrong += ["%s imports %s" % (module, name) for name in sorted(names)
                  if name.split(".")[0] in below]
    assert wrong == []


def test_no_host_tool_imports_itself_back():
    """host_tools too: a tool that imports one that imports it back is a module that belongs
    elsewhere."""
    modules = device_modules(("host_tools",))
    graph = {module: {name for name in names if name in modules and name != module}
             for module, names in modules.items()}
    packages = packages_of(modules) | {"host_tools"}
    for module in graph:
        graph[module] -= packages
    assert cycles(graph) == []


# Imports inside functions left in the device code, each with its reason: none.
INNER_IMPORTS = {}


def inner_imports(path):
    """The imports of a file made inside a function (they run when it is called)."""
    with open(path) as handle:
        tree = ast.parse(handle.read())
    found = []
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    found.append("%s:%d" % (os.path.relpath(path, ROOT), node.lineno))
    return found


def test_the_device_code_imports_at_the_top_of_its_files():
    """Issue 59: a module imports what it uses at the top of the file, so that the image holds
    the whole tracker from power-up and the import graph is what the tops of the files say
    (84-95 imports inside functions before, each a module loaded in the middle of a press)."""
    found = [place for path in device_files() for place in inner_imports(path)]
    assert sorted(found) == sorted(INNER_IMPORTS)


def device_files():
    """The paths of engine_lite's and firmware's source files."""
    for package in PACKAGES:
        for dirpath, dirs, names in os.walk(os.path.join(ROOT, package)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in sorted(names):
                if name.endswith(".py"):
                    yield os.path.join(dirpath, name)


def named_modules(path):
    """The strings of a file that are a module's dotted name (or a module's function's)."""
    with open(path) as handle:
        tree = ast.parse(handle.read())
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and NAMED.fullmatch(node.value)]


def test_no_device_module_names_a_module_in_a_string():
    """Issue 59: a verb's handler, the screen a key opens, a game's words are the objects
    themselves, not module names looked up when used (a second description of the imports)."""
    assert [(path, named) for path in device_files() for named in named_modules(path)] == []


def test_the_checks_find_an_inner_import_and_a_named_module(tmp_path):
    """(The checks above are only as good as this.)"""
    path = tmp_path / "sample.py"
    path.write_text("import os\n\ndef f():\n    from engine_lite.netrunner import rules\n"
                    "    return 'engine_lite.netrunner.golden.set_verb'\n")
    assert len(inner_imports(str(path))) == 1
    assert named_modules(str(path)) == ["engine_lite.netrunner.golden.set_verb"]
    assert {"engine_lite.netrunner.golden", "engine_lite.netrunner.rules"} <= imports_of(str(path))


def test_the_cycle_finder_finds_a_cycle():
    """(The check above is only as good as this.)"""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
