//! Blocks, statements and control flow.
//!
//! Rust's blocks need no C braces (names are unique per function). `if` and `match` become
//! `if`/`else` chains writing a temporary when they produce a value. Loops become `while` and
//! `for` loops; a `break` or `continue` that leaves an outer (labeled) loop becomes a `goto` to a
//! label after that loop or at the end of its body, whose body is then braced so that the
//! jump never crosses a declaration still in scope.

use syn::ext::IdentExt;

use super::writer::Writer;
use super::{CExpr, LoopState, Lowerer};
use crate::check::ty::Ty;
use crate::parse::ast::{Arm, Block, Expr, ExprKind, ForLoop, Label, Let, MatchPat, Pat, Stmt};

impl Lowerer<'_> {
    /// Writes a block's statements into `w`; returns its value (`None` for `()` and `!`).
    pub(super) fn block(&mut self, b: &Block, w: &mut Writer) -> Option<CExpr> {
        for s in &b.stmts {
            match s {
                Stmt::Let(l) => self.let_stmt(l, w),
                Stmt::Expr(e) => self.effect(e, w),
            }
        }
        match &b.tail {
            Some(t) if !matches!(self.ty(t), Ty::Unit | Ty::Never) => Some(self.expr(t, w)),
            Some(t) => {
                self.effect(t, w);
                None
            }
            None => None,
        }
    }

    fn let_stmt(&mut self, l: &Let, w: &mut Writer) {
        if let Pat::Bind(b) = &l.pat {
            if self.shared_let(b, &l.init, w) {
                return;
            }
        }
        let init = self.expr(&l.init, w);
        if matches!(self.ty(&l.init), Ty::Never) {
            return;
        }
        // An immutable binding of a constant table reads the table itself.
        if let (Pat::Bind(b), Some(table)) = (&l.pat, &init.table) {
            if !b.mutable {
                let name = self.names.binding(&b.name.unraw().to_string());
                let ty = self.c_type(&self.typed.let_ty[b.id]);
                w.line(&format!("const {ty}& {name} = {table};"));
                self.set_let_name(b.id, name);
                return;
            }
        }
        match &l.pat {
            Pat::Bind(_) | Pat::Wild(_) => self.bind(&l.pat, init.text, w),
            Pat::Tuple(..) => {
                let t = self.names.temp();
                w.line(&format!(
                    "{} {t} = {};",
                    self.c_type(&self.ty(&l.init)),
                    init.text
                ));
                self.bind(&l.pat, t, w);
            }
        }
    }

    /// Declares the names of `p` from the C expression `value`.
    fn bind(&mut self, p: &Pat, value: String, w: &mut Writer) {
        match p {
            Pat::Bind(b) => {
                let name = self.names.binding(&b.name.unraw().to_string());
                let ty = self.c_type(&self.typed.let_ty[b.id]);
                w.line(&format!("{ty} {name} = {value};"));
                self.set_let_name(b.id, name);
            }
            Pat::Wild(_) => w.line(&format!("(void)({value});")),
            Pat::Tuple(pats, _) => {
                for (i, p) in pats.iter().enumerate() {
                    self.bind(p, format!("{value}.f{i}"), w);
                }
            }
        }
    }

    /// An expression evaluated for its effects.
    pub(super) fn effect(&mut self, e: &Expr, w: &mut Writer) {
        match &e.kind {
            ExprKind::If(..) | ExprKind::Match(..) | ExprKind::Loop(..) => {
                self.branches(e, None, w)
            }
            ExprKind::While(label, cond, body) => {
                self.loop_stmt(e.id, label, LoopKind::While(cond), body, None, w)
            }
            ExprKind::For(f) => self.loop_stmt(e.id, &f.label, LoopKind::For(f), &f.body, None, w),
            ExprKind::Break(_, value) => {
                let (i, last) = self.target(e);
                if let Some(v) = value {
                    let v = self.expr(v, w);
                    if let Some(dest) = i.and_then(|i| self.loops[i].value.clone()) {
                        w.line(&format!("{dest} = {};", v.text));
                    }
                }
                match i {
                    Some(i) if !last => {
                        let n = self.loops[i].n;
                        let label = self.loops[i]
                            .break_label
                            .get_or_insert_with(|| format!("kx_break_{n}"))
                            .clone();
                        w.line(&format!("goto {label};"));
                    }
                    _ => w.line("break;"),
                }
            }
            ExprKind::Continue(_) => match self.target(e) {
                (Some(i), false) => {
                    let n = self.loops[i].n;
                    let label = self.loops[i]
                        .continue_label
                        .get_or_insert_with(|| format!("kx_continue_{n}"))
                        .clone();
                    w.line(&format!("goto {label};"));
                }
                _ => w.line("continue;"),
            },
            ExprKind::Return(v) => match v {
                Some(v) => {
                    let v = self.expr(v, w);
                    w.line(&format!("return {};", v.text));
                }
                None => w.line("return;"),
            },
            ExprKind::Assign(op, place, value) if self.slice_store(*op, place, value, w) => {}
            ExprKind::Intrinsic(i, args) => {
                let (text, effect) = self.intrinsic(i, args, w);
                if effect {
                    w.line(&format!("{text};"));
                }
            }
            ExprKind::Assign(op, place, value) => {
                let v = self.expr(value, w);
                let p = self.place(place, w);
                let rhs = match op {
                    None => v.text,
                    Some(op) => {
                        let (pt, vt) = (self.ty(place), self.ty(value));
                        super::expr::binary(*op, &pt, &vt, &CExpr::atom(p.clone()), &v).text
                    }
                };
                w.line(&format!("{p} = {rhs};"));
            }
            ExprKind::Block(b) => {
                if let Some(v) = self.block(b, w) {
                    if !v.constant {
                        w.line(&format!("(void)({});", v.text));
                    }
                }
            }
            _ => {
                let v = self.value(e, w);
                if !v.constant {
                    w.line(&format!("(void)({});", v.text));
                }
            }
        }
    }

    /// The loop a `break`/`continue` leaves, and whether it is the innermost one.
    fn target(&self, e: &Expr) -> (Option<usize>, bool) {
        let target = self.typed.jump_target[e.id];
        let i = self.loops.iter().rposition(|l| Some(l.id) == target);
        (i, i.is_none_or(|i| i + 1 == self.loops.len()))
    }

    /// `if`, `match` or `loop`, writing its value into `dest` when given.
    pub(super) fn branches(&mut self, e: &Expr, dest: Option<&str>, w: &mut Writer) {
        match &e.kind {
            ExprKind::If(..) => self.if_chain(e, dest, w),
            ExprKind::Match(s, arms) => self.match_stmt(s, arms, dest, w),
            ExprKind::Loop(label, body) => {
                self.loop_stmt(e.id, label, LoopKind::Loop, body, dest.map(String::from), w)
            }
            _ => {}
        }
    }

    /// `if c { .. } else if d { .. } else { .. }`: one flat C chain, walked in a loop (chains
    /// may be long). A condition that needs statements first nests its `if` in the `else`.
    fn if_chain(&mut self, e: &Expr, dest: Option<&str>, w: &mut Writer) {
        let mut open = 0;
        let mut e = e;
        while let ExprKind::If(cond, then, otherwise) = &e.kind {
            let mut cw = Writer::at(w.indent());
            let c = self.expr(cond, &mut cw);
            if open == 0 {
                w.append(cw);
                w.open(&format!("if ({})", c.text));
                open = 1;
            } else if cw.is_empty() {
                w.reopen(&format!("else if ({})", c.text));
            } else {
                w.reopen("else");
                w.append(cw);
                w.open(&format!("if ({})", c.text));
                open += 1;
            }
            self.arm_block(then, dest, w);
            match otherwise {
                Some(o) if matches!(o.kind, ExprKind::If(..)) => e = o,
                Some(o) => {
                    w.reopen("else");
                    self.arm_expr(o, dest, w);
                    break;
                }
                None => break,
            }
        }
        for _ in 0..open {
            w.close("");
        }
    }

    /// A branch's block, assigning its value to `dest`.
    fn arm_block(&mut self, b: &Block, dest: Option<&str>, w: &mut Writer) {
        let v = self.block(b, w);
        if let (Some(d), Some(v)) = (dest, v) {
            w.line(&format!("{d} = {};", v.text));
        }
    }

    /// An `else` branch or `match` arm body (any expression), assigning its value to `dest`.
    fn arm_expr(&mut self, e: &Expr, dest: Option<&str>, w: &mut Writer) {
        match (&e.kind, dest) {
            (ExprKind::Block(b), _) => self.arm_block(b, dest, w),
            (ExprKind::If(..) | ExprKind::Match(..) | ExprKind::Loop(..), _) => {
                self.branches(e, dest, w)
            }
            (_, Some(d)) if !matches!(self.ty(e), Ty::Unit | Ty::Never) => {
                let v = self.expr(e, w);
                w.line(&format!("{d} = {};", v.text));
            }
            _ => self.effect(e, w),
        }
    }

    fn match_stmt(&mut self, s: &Expr, arms: &[Arm], dest: Option<&str>, w: &mut Writer) {
        let v = self.expr(s, w);
        let scrutinee = if v.atomic {
            v.text
        } else {
            let t = self.names.temp();
            w.line(&format!("{} {t} = {};", self.c_type(&self.ty(s)), v.text));
            t
        };
        // The test of each arm; a guard that needs statements switches to a flag.
        let mut tests = Vec::new();
        let mut flagged = false;
        for arm in arms {
            let mut alts = Vec::new();
            for p in &arm.pats {
                alts.push(self.pattern_test(p, &scrutinee, w));
            }
            let pat = if alts.iter().any(|a| a == "true") {
                "true".to_string()
            } else if alts.len() == 1 {
                alts.remove(0)
            } else {
                alts.iter()
                    .map(|a| format!("({a})"))
                    .collect::<Vec<_>>()
                    .join(" || ")
            };
            let guard = arm.guard.as_ref().map(|g| {
                let mut gw = Writer::at(w.indent() + 1);
                let c = self.expr(g, &mut gw);
                flagged |= !gw.is_empty();
                (gw, c)
            });
            tests.push((pat, guard));
        }
        if !flagged {
            let mut first = true;
            let mut closed = false;
            let n = arms.len();
            for (k, (arm, (pat, guard))) in arms.iter().zip(tests).enumerate() {
                // rustc checks that the arms are exhaustive: the last one, unguarded, matches
                // whatever the others did not.
                let last_unguarded = k + 1 == n && guard.is_none() && k > 0;
                let test = match guard {
                    Some((_, g)) if pat == "true" => g.text,
                    Some((_, g)) => format!("({pat}) && ({})", g.text),
                    None if last_unguarded => "true".into(),
                    None => pat,
                };
                if test == "true" {
                    if first {
                        w.open("");
                    } else {
                        w.reopen("else");
                    }
                    self.arm_expr(&arm.body, dest, w);
                    w.close("");
                    closed = true;
                    break;
                }
                if first {
                    w.open(&format!("if ({test})"));
                } else {
                    w.reopen(&format!("else if ({test})"));
                }
                first = false;
                self.arm_expr(&arm.body, dest, w);
            }
            if !closed && !first {
                w.close("");
            }
            return;
        }
        let flag = self.names.temp();
        w.line(&format!("bool {flag} = false;"));
        for (arm, (pat, guard)) in arms.iter().zip(tests) {
            w.open(&format!("if (!{flag} && ({pat}))"));
            match guard {
                Some((gw, g)) => {
                    w.append(gw);
                    w.open(&format!("if ({})", g.text));
                    w.line(&format!("{flag} = true;"));
                    self.arm_expr(&arm.body, dest, w);
                    w.close("");
                }
                None => {
                    w.line(&format!("{flag} = true;"));
                    self.arm_expr(&arm.body, dest, w);
                }
            }
            w.close("");
        }
    }

    /// The C test of one pattern against the scrutinee's name.
    fn pattern_test(&mut self, p: &MatchPat, s: &str, w: &mut Writer) -> String {
        match p {
            MatchPat::Wild(_) => "true".into(),
            MatchPat::Lit(x) => format!("{s} == {}", self.expr(x, w).operand()),
            MatchPat::Range(lo, hi, inclusive, _) => {
                let mut parts = Vec::new();
                if let Some(lo) = lo {
                    parts.push(format!("{s} >= {}", self.expr(lo, w).operand()));
                }
                if let Some(hi) = hi {
                    let op = if *inclusive { "<=" } else { "<" };
                    parts.push(format!("{s} {op} {}", self.expr(hi, w).operand()));
                }
                if parts.is_empty() {
                    "true".into()
                } else {
                    parts.join(" && ")
                }
            }
        }
    }

    fn loop_stmt(
        &mut self,
        id: usize,
        label: &Option<Label>,
        kind: LoopKind<'_>,
        body: &Block,
        dest: Option<String>,
        w: &mut Writer,
    ) {
        let n = self.loop_count;
        self.loop_count += 1;
        match kind {
            LoopKind::Loop => w.open("while (true)"),
            LoopKind::While(cond) => {
                let mut cw = Writer::at(w.indent() + 1);
                let c = self.expr(cond, &mut cw);
                if cw.is_empty() {
                    w.open(&format!("while ({})", c.text));
                } else {
                    w.open("while (true)");
                    w.append(cw);
                    w.line(&format!("if (!{}) break;", c.operand()));
                }
            }
            LoopKind::For(f) => self.for_header(f, w),
        }
        self.loops.push(LoopState {
            id,
            value: dest,
            break_label: None,
            continue_label: None,
            n,
        });
        if label.is_some() {
            w.open("");
        }
        self.block(body, w);
        if label.is_some() {
            w.close("");
        }
        let state = self.loops.pop();
        if let Some(l) = state.as_ref().and_then(|s| s.continue_label.as_ref()) {
            w.line(&format!("{l}:;"));
        }
        w.close("");
        if let Some(l) = state.as_ref().and_then(|s| s.break_label.as_ref()) {
            w.line(&format!("{l}:;"));
        }
    }

    /// `for (k = 0, n = count; k < n; ++k) { T i = start + k * step; ...`: the count is
    /// computed once, without overflow, as Rust's range iterators do.
    fn for_header(&mut self, f: &ForLoop, w: &mut Writer) {
        let t = self.c_type(&self.ty(&f.start));
        let v = self.operands(&[&f.start, &f.end], w);
        let (a, b) = (self.names.temp(), self.names.temp());
        w.line(&format!("{t} {a} = {};", v[0].text));
        w.line(&format!("{t} {b} = {};", v[1].text));
        let step = match &f.step {
            Some(s) => {
                let sv = self.expr(s, w);
                let st = self.names.temp();
                w.line(&format!(
                    "unsigned long long {st} = (unsigned long long){};",
                    sv.operand()
                ));
                st
            }
            None => "1ull".into(),
        };
        let (k, n) = (self.names.temp(), self.names.temp());
        w.open(&format!(
            "for (unsigned long long {k} = 0, {n} = kx::range_len({a}, {b}, {step}, {}); {k} < {n}; ++{k})",
            f.inclusive
        ));
        if let Pat::Bind(_) = &f.var {
            self.bind(&f.var, format!("kx::range_at({a}, {k}, {step})"), w);
        }
    }

    /// A value expression that is not `()` or `!` (no check of the type).
    pub(super) fn value(&mut self, e: &Expr, w: &mut Writer) -> CExpr {
        self.expr_value(e, w)
    }
}

/// Which loop [`Lowerer::loop_stmt`] writes.
enum LoopKind<'a> {
    Loop,
    While(&'a Expr),
    For(&'a ForLoop),
}
