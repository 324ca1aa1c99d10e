# Reads Python source on stdin and prints JSON: the syntax nodes repofix's fix templates
# edit, each with its exact source range as [line, col, end_line, end_col] (1-based lines,
# 0-based character columns), or {"error": ...} when the source does not parse.
# Shipped in repofix's jar and run with the python3 found on PATH; Python 3.8+.
import ast
import json
import sys

LITERAL_KINDS = {type(None): "none", bool: "bool", str: "str", bytes: "str"}
# The kinds a value's type is known by: what a literal is, or what an annotation says.
TYPED = {"num", "str", "none", "bool", "list", "dict", "tuple"}
ANNOTATIONS = {"int": "num", "float": "num", "complex": "num", "str": "str", "bytes": "str", "bool": "bool",
               "None": "none", "list": "list", "List": "list", "dict": "dict", "Dict": "dict", "tuple": "tuple",
               "Tuple": "tuple"}


def main():
    source = sys.stdin.read()
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError) as e:
        print(json.dumps({"error": "SyntaxError: %s" % e}))
        return
    lines = source.split("\n")
    out = Sites(lines)
    out.module(tree)
    Facts(out).module(tree)
    print(json.dumps({"nodes": out.nodes}))


def kind(node):
    if isinstance(node, ast.Constant):
        if isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return "num"
        return LITERAL_KINDS.get(type(node.value), "other")
    if isinstance(node, ast.JoinedStr):
        return "str"
    if isinstance(node, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(node, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(node, (ast.Tuple, ast.Set, ast.SetComp)):
        return "tuple"
    if isinstance(node, ast.Call):
        f = node.func
        return "call:" + (f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else "")
    if isinstance(node, ast.Name):
        return "name"
    if isinstance(node, ast.BinOp):
        return "binop"
    return type(node).__name__.lower()


def typed(node, func):
    """A value's kind where its type is known (a literal, a name that only ever holds one kind), else its kind()."""
    if isinstance(node, ast.Name) and func is not None and func.types.get(node.id) in TYPED:
        return func.types[node.id]
    if isinstance(node, ast.BinOp):
        sides = {typed(node.left, func), typed(node.right, func)}
        if isinstance(node.op, ast.Add) and sides & {"str", "list", "tuple"}:
            return next(iter(sides & {"str", "list", "tuple"}))
        if isinstance(node.op, ast.Mod) and typed(node.left, func) == "str":
            return "str"
        if sides == {"num"}:
            return "num"
    return kind(node)


def annotated(annotation):
    """The kind an annotation names (int, str, List[int], "str"); "" for anything else, Optional[...] included."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return ANNOTATIONS.get(annotation.value.strip(), "")
    if isinstance(annotation, ast.Constant) and annotation.value is None:
        return "none"
    if isinstance(annotation, ast.Subscript):
        annotation = annotation.value
    if isinstance(annotation, ast.Name):
        return ANNOTATIONS.get(annotation.id, "")
    if isinstance(annotation, ast.Attribute) and isinstance(annotation.value, ast.Name) \
            and annotation.value.id == "typing":
        return ANNOTATIONS.get(annotation.attr, "")
    return ""


def binding_types(func):
    """Each name a function binds, with the kinds of every value bound to it: annotations, then
    literals assigned to the bare name; anything else (unpacking, loops, imports, global) is "other"."""
    types = {}
    direct = set()

    def bind(name, k):
        types.setdefault(name, set()).add(k or "other")

    args = func.args
    defaults = [None] * (len(args.posonlyargs + args.args) - len(args.defaults)) + list(args.defaults)
    for a, d in zip(args.posonlyargs + args.args, defaults):
        none_default = isinstance(d, ast.Constant) and d.value is None
        bind(a.arg, "other" if none_default or a.annotation is None else annotated(a.annotation))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        none_default = isinstance(d, ast.Constant) and d.value is None
        bind(a.arg, "other" if none_default or a.annotation is None else annotated(a.annotation))
    for a in (args.vararg, args.kwarg):
        if a is not None:
            bind(a.arg, "other")
    for n in ast.walk(func):
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(t, ast.Name):
                    direct.add(id(t))
                    bind(t.id, kind(n.value))
        elif isinstance(n, (ast.AnnAssign, ast.AugAssign)) and isinstance(n.target, ast.Name):
            direct.add(id(n.target))
            if isinstance(n, ast.AnnAssign):
                bind(n.target.id, annotated(n.annotation))
            else:
                bind(n.target.id, kind(n.value))
        elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and id(n) not in direct:
            bind(n.id, "other")
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            for name in n.names:
                bind(name, "other")
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for alias in n.names:
                bind((alias.asname or alias.name).split(".")[0], "other")
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not func:
            bind(n.name, "other")
        elif isinstance(n, ast.ExceptHandler) and n.name:
            bind(n.name, "other")
    return {name: next(iter(ks)) if len(ks) == 1 else "" for name, ks in types.items()}


PRIMARY = (ast.Name, ast.Call, ast.Attribute, ast.Subscript, ast.Constant)


class Sites:
    def __init__(self, lines):
        self.lines = lines
        self.nodes = []
        self.globals = {}

    def col(self, line, byte_col):
        # ast columns count UTF-8 bytes; Java counts characters
        return len(self.lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def range(self, n):
        return [n.lineno, self.col(n.lineno, n.col_offset), n.end_lineno, self.col(n.end_lineno, n.end_col_offset)]

    def add(self, k, node, **fields):
        fields["k"] = k
        fields["r"] = self.range(node)
        self.nodes.append(fields)

    def module(self, tree):
        for stmt in tree.body:
            for t in assigned_targets(stmt):
                self.globals.setdefault(t[0], kind(t[1]) if t[1] is not None else "other")
        self.walk_body(tree.body, None, None)

    def walk_body(self, body, func, cls):
        for i, stmt in enumerate(body):
            self.statement(stmt, func, cls, len(body) == 1)

    def statement(self, stmt, func, cls, alone):
        if isinstance(stmt, ast.ClassDef):
            attrs = {}
            for n in ast.walk(stmt):
                if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                    for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                            attrs.setdefault(t.attr, kind(n.value) if n.value is not None else "other")
            self.walk_body(stmt.body, None, attrs)
            return
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = stmt.args
            params = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
            method = cls is not None and bool(params) and params[0] == "self"
            returns = sorted({kind(r.value) if r.value is not None else "none"
                              for r in ast.walk(stmt) if isinstance(r, ast.Return)})
            scope = Scope(stmt, params, method, cls or {}, self.globals, returns)
            scope.types = binding_types(stmt)
            self.walk_body(stmt.body, scope, cls)
            return
        fields = {"simple": not hasattr(stmt, "body"), "alone": alone, "type": type(stmt).__name__,
                  "indent": self.col(stmt.lineno, stmt.col_offset), "inFunction": func is not None}
        if func is not None:
            fields["returns"] = func.returns
        self.add("stmt", stmt, **fields)
        for node in header_nodes(stmt):
            self.expressions(node, stmt, func)
        if func is not None:
            func.learn(stmt)
        for name in ("body", "orelse", "finalbody"):
            block = getattr(stmt, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                self.walk_body(block, func, cls)
        for handler in getattr(stmt, "handlers", []):
            self.walk_body(handler.body, func, cls)

    def expressions(self, root, stmt, func):
        callees = {id(n.func) for n in ast.walk(root) if isinstance(n, ast.Call)}
        negated = set()
        if isinstance(stmt, (ast.If, ast.While)) and root is stmt.test:
            self.add("cond", root, primary=isinstance(root, PRIMARY))
        if isinstance(stmt, ast.AugAssign) and root is stmt.value:
            self.add("augassign", stmt, op=OPS.get(type(stmt.op), ""), left=self.range(stmt.target),
                     right=self.range(stmt.value), kinds=[typed(stmt.target, func), typed(stmt.value, func)])
        if isinstance(stmt, ast.Return) and root is stmt.value:
            self.add("return", stmt, value=kind(stmt.value) if stmt.value is not None else "",
                     literal=repr(stmt.value.value) if isinstance(stmt.value, ast.Constant) else "",
                     name=stmt.value.id if isinstance(stmt.value, ast.Name) else "")
        for node in ast.walk(root):
            if isinstance(node, ast.BinOp):
                self.add("binop", node, op=OPS.get(type(node.op), ""), left=self.range(node.left),
                         right=self.range(node.right), kinds=[typed(node.left, func), typed(node.right, func)],
                         rightValue=const(node.right))
            elif isinstance(node, ast.Compare):
                self.add("compare", node, ops=[OPS.get(type(o), "") for o in node.ops],
                         operands=[self.range(o) for o in [node.left] + node.comparators],
                         kinds=[kind(o) for o in [node.left] + node.comparators])
            elif isinstance(node, ast.BoolOp):
                self.add("boolop", node, op="and" if isinstance(node.op, ast.And) else "or",
                         values=[self.range(v) for v in node.values])
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                self.add("not", node, operand=self.range(node.operand))
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and const(node.operand) is not None:
                # -1 is one signed number: it moves to 0 and -2, never to -0
                self.add("int", node, value=-const(node.operand))
                negated.add(id(node.operand))
            elif isinstance(node, ast.IfExp):
                self.add("cond", node.test, primary=isinstance(node.test, PRIMARY))
            elif isinstance(node, ast.Call):
                self.call(node, func)
            elif isinstance(node, ast.Subscript):
                index = node.slice.value if isinstance(node.slice, ast.Index) else node.slice
                if not isinstance(index, (ast.Slice, ast.Tuple)):
                    self.add("index", index, base=self.range(node.value), literal=const(index),
                             type=typed(index, func))
                elif isinstance(index, ast.Slice):
                    for b in (index.lower, index.upper):
                        if b is not None:
                            self.add("index", b, base=self.range(node.value), literal=const(b), type=typed(b, func))
            elif isinstance(node, ast.Constant) and kind(node) == "num" and isinstance(node.value, int) \
                    and id(node) not in negated:
                self.add("int", node, value=node.value)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and func is not None \
                    and node.id != "self" and id(node) not in callees:
                self.add("name", node, id=node.id, **func.names_for(node.id, stmt.lineno))
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                self.attribute(node, stmt, func)

    def attribute(self, node, stmt, func):
        base = node.value
        if isinstance(base, ast.Name) and base.id == "self" and func is not None and func.method:
            others = [a for a in func.attrs if a != node.attr]
            self.add("selfattr", node, attr=node.attr, others=others,
                     shapes=[func.attrs[a] for a in others], shape=func.attrs.get(node.attr, "other"))
        elif isinstance(base, ast.Name) and func is not None and base.id in func.locals:
            self.add("deref", base, name=base.id, method=node.attr)

    def call(self, node, func):
        f = node.func
        if isinstance(f, ast.Name):
            name, r = f.id, self.range(f)
        elif isinstance(f, ast.Attribute):
            end = self.range(f)
            name, r = f.attr, [end[2], end[3] - len(f.attr), end[2], end[3]]
        else:
            return
        positional = [a for a in node.args if not isinstance(a, ast.Starred)]
        self.nodes.append({"k": "call", "r": self.range(node), "name": name, "nameRange": r,
                           "args": [self.range(a) for a in positional] if len(positional) == len(node.args) else [],
                           "keywords": len(node.keywords)})
        if name == "len" and len(node.args) == 1 and isinstance(node.args[0], ast.Name):
            self.add("deref", node.args[0], name=node.args[0].id, method="len")
        if isinstance(f, ast.Name) and f.id == "range" and positional:
            bound = positional[-1] if len(positional) <= 2 else positional[1]
            self.add("bound", bound, literal=const(bound), type=typed(bound, func))


def unread_locals(func):
    """Locals a plain assignment binds that nothing in the function reads: {name: [first, last line]}."""
    loaded = set()
    for n in ast.walk(func):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store):
            loaded.add(n.id)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            loaded.update(n.names)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("locals", "vars", "eval", "exec"):
            return {}
    out = {}
    for n in ast.walk(func):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            name = n.targets[0].id
            if name not in loaded and not name.startswith("_"):
                out[name] = [n.lineno, n.end_lineno]
    return out


def const(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, int) \
        and not isinstance(node.value, bool) else None


def header_nodes(stmt):
    """The expressions of a statement itself, not of the statements in its body."""
    out = []
    for field, value in ast.iter_fields(stmt):
        if field in ("body", "orelse", "finalbody", "handlers"):
            continue
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, ast.AST) and not isinstance(v, (ast.stmt, ast.expr_context)):
                out.append(v)
    return out


def assigned_targets(stmt):
    if isinstance(stmt, ast.Assign):
        return [(n.id, stmt.value) for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) and isinstance(stmt.target, ast.Name):
        return [(stmt.target.id, stmt.value)]
    if isinstance(stmt, (ast.For, ast.AsyncFor)):
        return [(n.id, None) for n in ast.walk(stmt.target) if isinstance(n, ast.Name)]
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return [(n.id, None) for i in stmt.items if i.optional_vars is not None
                for n in ast.walk(i.optional_vars) if isinstance(n, ast.Name)]
    return []


class Scope:
    """What a function knows at a statement: parameters, names assigned above it, globals, self's attributes."""

    def __init__(self, func, params, method, attrs, globals_, returns):
        self.method = method
        self.types = {}
        self.attrs = attrs if method else {}
        self.globals = globals_
        self.returns = returns
        self.locals = {p: "param" for p in params if not (method and p == "self")}
        self.assigned_at = {p: 0 for p in self.locals}

    def learn(self, stmt):
        for n in ast.walk(stmt):
            if isinstance(n, ast.stmt):
                for name, value in assigned_targets(n):
                    if name not in self.locals:
                        self.locals[name] = kind(value) if value is not None else "other"
                        self.assigned_at[name] = n.lineno

    def names_for(self, name, line):
        visible = {n: s for n, s in self.locals.items() if self.assigned_at[n] < line or n == name}
        for g, s in self.globals.items():
            visible.setdefault(g, "global")
        others = [n for n in visible if n != name]
        return {"shape": visible.get(name, ""), "others": others, "shapes": [visible[n] for n in others],
                "type": self.type_of(name), "types": [self.type_of(n) for n in others],
                "selfAttr": self.method and name not in visible and name in self.attrs}

    def type_of(self, name):
        """The kind of value a name holds where it is known: a local's (see binding_types), else a global's literal."""
        if name in self.locals:
            return self.types.get(name) if self.types.get(name) in TYPED else ""
        return self.globals.get(name) if self.globals.get(name) in TYPED else ""


OPS = {ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>", ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
       ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
       ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}



# The facts the templates that build code from the file's own ingredients read: functions with
# the names they bind and use, call statements, attribute reads, type tests, imports, pairs of
# names, unary calls, bitwise operators and the ends of branches.
COLLECTION_CALLS = {"set": "set", "frozenset": "set", "list": "list", "dict": "dict", "defaultdict": "dict",
                    "OrderedDict": "dict", "Counter": "dict", "deque": "deque"}
JUMPS = (ast.Return, ast.Break, ast.Continue, ast.Raise)


def collection(value):
    """set, list, dict or deque where a value is one by its form; "" otherwise."""
    if isinstance(value, (ast.Set, ast.SetComp)):
        return "set"
    if isinstance(value, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(value, ast.Call):
        f = value.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        return COLLECTION_CALLS.get(name, "")
    return ""


def dotted(node):
    """`a`, `self.root` or `a.b.c` for a chain of attributes on a name; None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return inner + "." + node.attr if inner is not None else None
    return None


class Facts:
    def __init__(self, sites):
        self.s = sites

    def module(self, tree):
        names = set()
        bound = {}
        modules = {}
        after = 0
        body = tree.body
        first = 0
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            after = body[0].end_lineno
            first = 1
        for stmt in body[first:]:
            if not isinstance(stmt, (ast.Import, ast.ImportFrom)):
                break
            after = stmt.end_lineno
        for stmt in body:
            for t in assigned_targets(stmt):
                names.add(t[0])
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(stmt.name)
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                for a in n.names:
                    modules[a.asname or a.name] = a.name
                    names.add((a.asname or a.name).split(".")[0])
            elif isinstance(n, ast.ImportFrom) and n.module:
                for a in n.names:
                    bound[a.asname or a.name] = n.module + "." + a.name
                    names.add(a.asname or a.name)
        self.s.nodes.append({"k": "module", "r": [1, 0, 1, 0], "names": sorted(names), "bound": bound,
                             "modules": modules, "after": after})
        self.walk(tree.body, None, False, False)
        self.callees = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
        for n in ast.walk(tree):
            self.node(n)

    def walk(self, body, func, method, loop):
        for i, stmt in enumerate(body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(stmt, method=False)
                continue
            if isinstance(stmt, ast.ClassDef):
                for m in stmt.body:
                    if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self.function(m, method=True)
                    elif hasattr(m, "body"):
                        self.walk([m], None, False, False)
                continue
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) \
                    and isinstance(stmt.value.func, ast.Attribute) and dotted(stmt.value.func.value):
                call = stmt.value
                self.s.add("ingredient", stmt, recv=dotted(call.func.value), method=call.func.attr,
                           args=[self.s.range(a) for a in call.args], keywords=len(call.keywords),
                           argNames=[a.id if isinstance(a, ast.Name) else "" for a in call.args],
                           inFunction=func is not None)
            if isinstance(stmt, ast.If) and func is not None:
                for block in (stmt.body, stmt.orelse):
                    if block and not isinstance(block[-1], JUMPS) and not isinstance(block[-1], ast.If):
                        self.s.add("branchend", block[-1], inLoop=loop,
                                   indent=self.s.col(block[-1].lineno, block[-1].col_offset))
            inner = loop or isinstance(stmt, (ast.For, ast.AsyncFor, ast.While))
            for name in ("body", "orelse", "finalbody"):
                block = getattr(stmt, name, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    self.walk(block, func, method, inner if name != "orelse" or isinstance(stmt, ast.If) else loop)
            for handler in getattr(stmt, "handlers", []):
                self.walk(handler.body, func, method, loop)

    def function(self, func, method):
        args = func.args
        params = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
        params += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
        names = list(params)
        kinds = {}
        uses = set()
        for n in ast.walk(func):
            if isinstance(n, ast.Name):
                if not isinstance(n.ctx, ast.Load) and n.id not in names:
                    names.append(n.id)
                uses.add(n.id)
            elif isinstance(n, ast.Attribute) and dotted(n):
                uses.add(dotted(n))
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    if isinstance(t, ast.Name) and collection(n.value):
                        kinds.setdefault(t.id, collection(n.value))
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.value is not None \
                    and collection(n.value):
                kinds.setdefault(n.target.id, collection(n.value))
        numeric = set()
        for n in ast.walk(func):
            if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub, ast.FloorDiv, ast.Mult)):
                numeric.update(m.id for m in (n.left, n.right) if isinstance(m, ast.Name))
            elif isinstance(n, ast.Compare) and all(isinstance(o, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for o in n.ops):
                numeric.update(m.id for m in [n.left] + n.comparators if isinstance(m, ast.Name))
            elif isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Name):
                numeric.add(n.slice.id)
        returns = []
        for r in ast.walk(func):
            if isinstance(r, ast.Return) and r.value is not None:
                text = ast.get_source_segment("\n".join(self.s.lines), r.value)
                if text and text not in returns and "\n" not in text:
                    returns.append(text)
        types = binding_types(func)
        self.s.add("func", func, names=names, unread=unread_locals(func), method=method and bool(params) and params[0] == "self",
                   uses=sorted(uses), collections=kinds, returns=returns, numeric=sorted(numeric),
                   types={n: t for n, t in types.items() if t in TYPED})
        self.walk(func.body, func, method, False)

    def node(self, n):
        s = self.s
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and dotted(n.value):
            s.add("attrread", n, recv=s.range(n.value), recvText=dotted(n.value), attr=n.attr,
                  root=dotted(n.value).split(".")[0], called=id(n) in self.callees)
        elif isinstance(n, ast.Call):
            f = n.func
            callee = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if callee in ("isinstance", "issubclass") and len(n.args) == 2:
                types = n.args[1].elts if isinstance(n.args[1], ast.Tuple) else [n.args[1]]
                for t in types:
                    if dotted(t):
                        s.add("typeref", t, name=dotted(t))
            if isinstance(f, ast.Name) and len(n.args) == 1 and not n.keywords and isinstance(n.args[0], ast.Name):
                s.add("unary", n, callee=f.id, arg=n.args[0].id)
            for i, a in enumerate(n.args):
                inner = None
                if isinstance(a, ast.Call) and len(a.args) == 1 and not a.keywords \
                        and not isinstance(a.args[0], ast.Starred):
                    inner = s.range(a.args[0])
                if isinstance(a, ast.Starred):
                    continue
                core, depth = a, 0
                while isinstance(core, ast.Call) and len(core.args) == 1 and not core.keywords \
                        and not isinstance(core.args[0], ast.Starred):
                    core, depth = core.args[0], depth + 1
                s.add("callarg", a, callee=callee, index=i, kind=kind(a), inner=inner,
                      core=s.range(core) if depth > 1 else None,
                      name=a.id if isinstance(a, ast.Name) else "")
        elif isinstance(n, ast.Tuple) and len(n.elts) == 2 and all(isinstance(e, ast.Name) for e in n.elts) \
                and n.elts[0].id != n.elts[1].id:
            s.add("pair", n, a=s.range(n.elts[0]), b=s.range(n.elts[1]), store=isinstance(n.ctx, ast.Store))
        elif isinstance(n, ast.BinOp) and type(n.op) in BITWISE:
            s.add("bitop", n, op=OPS[type(n.op)], left=s.range(n.left), right=s.range(n.right), aug=False)
            self.operands(n)
        elif isinstance(n, ast.BinOp):
            self.operands(n)
        elif isinstance(n, ast.AugAssign):
            s.add("bitop", n, op=OPS.get(type(n.op), ""), left=s.range(n.target), right=s.range(n.value), aug=True,
                  target=dotted(n.target) or "")
        elif isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            s.add("plainassign", n, left=s.range(n.targets[0]), right=s.range(n.value), target=n.targets[0].id,
                  kind=kind(n.value))
        elif isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Attribute) \
                and dotted(n.targets[0]):
            s.add("plainassign", n, left=s.range(n.targets[0]), right=s.range(n.value), target=dotted(n.targets[0]),
                  kind=kind(n.value), attr=True)
        elif isinstance(n, (ast.If, ast.While)):
            test = n.test
            loads = []
            for m in ast.walk(test):
                if isinstance(m, ast.Name) and m.id not in loads:
                    loads.append(m.id)
            body = []
            for stmt in n.body:
                for m in ast.walk(stmt):
                    if isinstance(m, ast.Name) and isinstance(m.ctx, ast.Load) and m.id not in body:
                        body.append(m.id)
            s.add("condsite", test, const=isinstance(test, ast.Constant), loads=loads, body=body,
                  loop=isinstance(n, ast.While))


    def operands(self, n):
        """A bare name beside a one-argument call of a function (`set(keep) - drop`): an operand
        the code may mean to convert as it converts the other."""
        for call, other in ((n.left, n.right), (n.right, n.left)):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and len(call.args) == 1 \
                    and not call.keywords and isinstance(call.args[0], ast.Name) and isinstance(other, ast.Name) \
                    and other.id != call.args[0].id:
                self.s.add("twinwrap", other, callee=call.func.id, name=other.id)


BITWISE = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)

main()
