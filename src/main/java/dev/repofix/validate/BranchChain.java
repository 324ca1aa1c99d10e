package dev.repofix.validate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One {@code if} / {@code elif} ({@code else if}) / {@code else} chain, or a lone loop test,
 * as the language readers ({@link PythonBranches}, {@link JavaBranches}) see it, and which of
 * its branches no input can reach. Pure.
 *
 * <p>A branch is unreachable when: its own condition is a constant false; an earlier branch's
 * condition is a constant true; its condition implies an earlier one's (each of its
 * {@code or}-parts has every {@code and}-part of some part of an earlier condition, by
 * text); or it is the {@code else} and the earlier conditions cover every case (one is
 * {@code x}, another {@code not x}, or complementary comparisons such as {@code a < b} and
 * {@code a >= b}). Only conditions whose parts are {@link Condition#pure} are compared:
 * evaluating a condition with side effects twice is not evaluating the same thing. What
 * it cannot see: implications that need arithmetic ({@code x > 5} after {@code x > 3}),
 * types ({@code isinstance(x, list)} after {@code isinstance(x, Sequence)}), the values a
 * name can hold ({@code hasattr(default, ...)} where {@code default} never has it), or code
 * between the chain's tests, of which there is none.
 *
 * @param branches the chain's branches in order; an {@code else} has no condition
 */
record BranchChain(List<Branch> branches) {
    BranchChain {
        branches = List.copyOf(branches);
    }

    /**
     * One branch.
     *
     * @param line      the 1-based line of its header
     * @param header    its header as written, for messages ({@code elif x > 3:})
     * @param condition its test; empty for an {@code else}
     */
    record Branch(int line, String header, Optional<Condition> condition) {}

    /**
     * A test as {@code or}-parts of {@code and}-parts (atoms), each atom in a normalized text,
     * with the text of its negation.
     *
     * @param disjuncts the {@code or}-parts, each its atoms
     * @param pure      whether evaluating it changes nothing (no call but a known pure one, no
     *                  assignment, no increment)
     */
    record Condition(List<List<Atom>> disjuncts, boolean pure) {
        Condition {
            disjuncts = disjuncts.stream().map(List::copyOf).toList();
        }

        boolean alwaysTrue() {
            return disjuncts.stream().anyMatch(d -> d.stream().allMatch(a -> a.constant() == Constant.TRUE));
        }

        boolean alwaysFalse() {
            return disjuncts.stream().allMatch(d -> d.stream().anyMatch(a -> a.constant() == Constant.FALSE));
        }
    }

    /** What an atom is, when it is a constant. */
    enum Constant { TRUE, FALSE, NOT_CONSTANT }

    /**
     * @param text    normalized text ({@code x is not None}, {@code a<b})
     * @param negated the normalized text of its negation ({@code x is None}, {@code a>=b})
     */
    record Atom(String text, String negated, Constant constant) {}

    /** A branch that no input reaches, and why. */
    record Dead(Branch branch, String why) {}

    /** The branches of this chain that no input reaches. */
    List<Dead> dead() {
        List<Dead> out = new ArrayList<>();
        List<Branch> earlier = new ArrayList<>();
        for (Branch b : branches) {
            why(b, earlier).ifPresent(w -> out.add(new Dead(b, w)));
            earlier.add(b);
        }
        return out;
    }

    private static Optional<String> why(Branch b, List<Branch> earlier) {
        for (Branch e : earlier) {
            if (e.condition().isPresent() && e.condition().get().alwaysTrue()) {
                return Optional.of("the earlier test `" + e.header() + "` (line " + e.line() + ") is always true");
            }
        }
        if (b.condition().isPresent()) {
            Condition c = b.condition().get();
            if (c.alwaysFalse()) {
                return Optional.of("its test is always false");
            }
            if (!c.pure()) {
                return Optional.empty();
            }
            for (Branch e : earlier) {
                if (e.condition().isPresent() && e.condition().get().pure() && implies(c, e.condition().get())) {
                    return Optional.of("its test implies the earlier `" + e.header() + "` (line " + e.line()
                            + "), so it is only tried when it is false");
                }
            }
            return Optional.empty();
        }
        return covered(earlier).map(pair -> "the earlier tests `" + pair.get(0).header() + "` (line "
                + pair.get(0).line() + ") and `" + pair.get(1).header() + "` (line " + pair.get(1).line()
                + ") cover every case");
    }

    /** Whether every or-part of {@code c} has all the atoms of some or-part of {@code earlier}. */
    private static boolean implies(Condition c, Condition earlier) {
        for (List<Atom> d : c.disjuncts()) {
            Set<String> mine = texts(d);
            boolean some = earlier.disjuncts().stream().anyMatch(e -> mine.containsAll(texts(e)));
            if (!some) {
                return false;
            }
        }
        return true;
    }

    /** Two earlier pure branches, one with an or-part {@code x}, the other (or the same) with {@code not x}. */
    private static Optional<List<Branch>> covered(List<Branch> earlier) {
        for (Branch a : earlier) {
            for (Branch b : earlier) {
                if (singles(a).stream().anyMatch(x -> singles(b).stream().anyMatch(y -> x.text().equals(y.negated())))) {
                    return Optional.of(List.of(a, b));
                }
            }
        }
        return Optional.empty();
    }

    /** The or-parts of a pure branch's test that are one atom. */
    private static List<Atom> singles(Branch b) {
        return b.condition().filter(Condition::pure).map(c -> c.disjuncts().stream().filter(d -> d.size() == 1)
                .map(d -> d.get(0)).toList()).orElse(List.of());
    }

    private static Set<String> texts(List<Atom> atoms) {
        Set<String> out = new HashSet<>();
        atoms.forEach(a -> out.add(a.text()));
        return out;
    }
}
