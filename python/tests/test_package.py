"""The package arbiter as pip and cmake --install lay it out: the version,
the stubs beside the compiled module, every public name stubbed, and each
stub's signature that of the first line of its docstring (which help()
shows)."""
import ast
import inspect
import os
import re

import arbiter
from conftest import SOURCE

PACKAGE = os.path.dirname(arbiter.__file__)


def stub_tree():
    with open(os.path.join(PACKAGE, "_arbiter.pyi")) as f:
        return ast.parse(f.read())


def project_version():
    with open(os.path.join(SOURCE, "CMakeLists.txt")) as f:
        return re.search(r"project\(\s*arbiter\s+VERSION\s+([0-9.]+)", f.read()).group(1)


def test_version_is_the_projects():
    assert arbiter.__version__ == arbiter._arbiter.__version__ == project_version()


def test_package_layout():
    names = os.listdir(PACKAGE)
    assert {"__init__.py", "_arbiter.pyi", "py.typed"} <= set(names)
    assert [n for n in names if n.startswith("_arbiter.") and n.endswith(".so")]
    assert arbiter.Game.__module__ == "arbiter" and repr(arbiter.Position) == "<class 'arbiter.Position'>"
    assert set(arbiter.__all__) == {n for n in dir(arbiter._arbiter) if not n.startswith("_")}


def parameters_of(node):
    """A def's parameter names, kinds and defaults as text (the annotations
    are left out: pybind11's own signatures name C++ types)."""
    a = node.args
    return ast.unparse(ast.arguments(
        posonlyargs=[ast.arg(x.arg) for x in a.posonlyargs], args=[ast.arg(x.arg) for x in a.args],
        vararg=a.vararg and ast.arg(a.vararg.arg), kwonlyargs=[ast.arg(x.arg) for x in a.kwonlyargs],
        kw_defaults=a.kw_defaults, kwarg=a.kwarg and ast.arg(a.kwarg.arg), defaults=a.defaults))


def docstring_node(obj, name):
    """The def of the first line of obj's docstring, where help() shows the
    signature (python/arbiter.cpp writes it; pybind11 does elsewhere)."""
    first = (obj.__doc__ or "").split("\n", 1)[0]
    try:
        return ast.parse(f"def {first}: ...").body[0]
    except SyntaxError:
        pass
    try:  # pybind11 names a C++ type where it knows no Python one: "-> arb::...::AnyState"
        node = ast.parse(f"def {first.rsplit(') -> ', 1)[0]}): ...").body[0]
        node.returns = ast.Name("arbiter._arbiter.unknown")  # never the stub's own
        return node
    except SyntaxError:
        raise AssertionError(f"{name}: the docstring does not start with a signature: {first!r}")


def stubbed(tree):
    """(qualified name, ast node) of every def and class of the stub."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            yield node.name, node
            for member in node.body:
                if isinstance(member, ast.FunctionDef):
                    yield f"{node.name}.{member.name}", member
        elif isinstance(node, (ast.FunctionDef, ast.AnnAssign)):
            yield getattr(node, "name", None) or node.target.id, node


def test_every_public_name_has_a_stub_and_back():
    names = dict(stubbed(stub_tree()))
    module = arbiter._arbiter
    for name in dir(module):
        if name.startswith("_") and name != "__version__":
            continue
        assert name in names, f"arbiter.{name} has no stub in arbiter/_arbiter.pyi"
        value = getattr(module, name)
        if isinstance(value, type):
            for member, _ in inspect.getmembers(value):
                if not member.startswith("_"):
                    assert f"{name}.{member}" in names, f"arbiter.{name}.{member} has no stub"
    for name in names:
        obj = module
        for part in name.split("."):
            assert hasattr(obj, part), f"the stub declares {name}, which the module has not"
            obj = getattr(obj, part)


def decorators(node):
    return {d.id if isinstance(d, ast.Name) else getattr(d, "attr", "") for d in node.decorator_list}


def overloads_of(obj):
    """The defs of an overloaded pybind11 function's docstring ("1. f(...) -> ...")."""
    return [docstring_node(type("doc", (), {"__doc__": line.split(". ", 1)[1]}), line)
            for line in (obj.__doc__ or "").splitlines() if re.match(r"^\d+\. \w+\(", line)]


def test_stub_signatures_are_the_docstrings():
    """A function's or method's stub has the parameters (names, kinds,
    defaults) of the signature on the first line of its docstring (an
    @overload stub: of one of the overloads the docstring lists, or any
    where the function takes *args), properties and dunder methods aside."""
    for name, node in stubbed(stub_tree()):
        if not isinstance(node, ast.FunctionDef) or "property" in decorators(node):
            continue
        if node.name.startswith("__") and node.name != "__init__":
            continue
        obj = arbiter._arbiter
        for part in name.split("."):
            obj = getattr(obj, part)
        if "overload" in decorators(node):
            defs = overloads_of(obj) or [docstring_node(obj, name)]
            # pybind11's overloads, or one def taking *args that the overloads spell out
            assert parameters_of(node) in [parameters_of(d) for d in defs] or any(
                d.args.vararg for d in defs), name
            continue
        doc = docstring_node(obj, name)
        assert parameters_of(doc) == parameters_of(node), name
        if "arbiter._arbiter." not in ast.unparse(doc):
            # written in Python's types, not pybind11's: the stub's own, to the letter
            stub = ast.FunctionDef(name=node.name, args=node.args, body=doc.body,
                                   decorator_list=[], returns=node.returns, lineno=1)
            assert ast.unparse(doc) == ast.unparse(stub), name


def test_every_function_and_property_has_a_docstring():
    for name, node in stubbed(stub_tree()):
        if isinstance(node, ast.AnnAssign) or node.name.startswith("__"):
            continue
        obj = arbiter._arbiter
        for part in name.split(".")[:-1]:
            obj = getattr(obj, part)
        value = inspect.getattr_static(obj, name.split(".")[-1])
        assert (getattr(value, "__doc__", None) or "").strip(), f"{name} has no docstring"
