package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.templates.SimilarNames;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "similar-method": a call of the wrong one of two look-alike methods: JDK pairs from a
 * table ({@code Math.min}/{@code max}, {@code startsWith}/{@code endsWith}, ...), and
 * methods of the same class with the same number of parameters, the same return type and
 * a similar name, called on the same receiver.
 */
final class JavaSimilarMethodTemplate extends JavaTemplate {
    private static final Map<String, List<String>> JDK = SimilarNames.with(Map.ofEntries(
            Map.entry("min", List.of("max")), Map.entry("max", List.of("min")),
            Map.entry("floor", List.of("ceil", "round")), Map.entry("ceil", List.of("floor", "round")),
            Map.entry("startsWith", List.of("endsWith")), Map.entry("endsWith", List.of("startsWith")),
            Map.entry("indexOf", List.of("lastIndexOf")), Map.entry("lastIndexOf", List.of("indexOf")),
            Map.entry("add", List.of("remove")), Map.entry("remove", List.of("add")),
            Map.entry("isEmpty", List.of("isBlank")), Map.entry("isBlank", List.of("isEmpty")),
            Map.entry("toUpperCase", List.of("toLowerCase")), Map.entry("toLowerCase", List.of("toUpperCase")),
            Map.entry("getFirst", List.of("getLast")), Map.entry("getLast", List.of("getFirst")),
            Map.entry("addFirst", List.of("addLast")), Map.entry("addLast", List.of("addFirst")),
            Map.entry("removeFirst", List.of("removeLast")), Map.entry("removeLast", List.of("removeFirst")),
            Map.entry("floorKey", List.of("ceilingKey")), Map.entry("ceilingKey", List.of("floorKey")),
            Map.entry("trim", List.of("strip")), Map.entry("strip", List.of("trim", "stripLeading", "stripTrailing")), Map.entry("containsKey", List.of("containsValue")),
            Map.entry("containsValue", List.of("containsKey")), Map.entry("equals", List.of("equalsIgnoreCase")),
            Map.entry("equalsIgnoreCase", List.of("equals")), Map.entry("peekFirst", List.of("peekLast")),
            Map.entry("peekLast", List.of("peekFirst")), Map.entry("pollFirst", List.of("pollLast")),
            Map.entry("pollLast", List.of("pollFirst"))),
            // java.time, streams, sorted collections, map entries, BigDecimal and BigInteger
            "isBefore isAfter", "plusDays minusDays", "plusWeeks minusWeeks", "plusMonths minusMonths",
            "plusYears minusYears", "plusHours minusHours", "plusMinutes minusMinutes", "plusSeconds minusSeconds",
            "plus minus", "anyMatch allMatch noneMatch", "takeWhile dropWhile", "higher lower", "floor ceiling",
            "headMap tailMap", "headSet tailSet", "firstKey lastKey", "firstEntry lastEntry", "first last",
            "getKey getValue", "add subtract", "multiply divide");
    /** Names that exist only on String: not offered where the receiver is known to be something else. */
    private static final Set<String> STRING_ONLY = Set.of("isBlank", "strip", "equalsIgnoreCase", "toUpperCase",
            "toLowerCase", "startsWith", "endsWith");

    JavaSimilarMethodTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "similar-method";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (MethodCallExpr call : tree.nodesOn(line, MethodCallExpr.class)) {
            String name = call.getNameAsString();
            JavaScope scope = JavaScope.at(call);
            boolean own = call.getScope().isEmpty() || call.getScope().get().isThisExpr();
            if (own) {
                for (MethodDeclaration m : similarOwn(call, scope)) {
                    edits.replace(call.getName(), m.getNameAsString(), "`" + name + "` -> `" + m.getNameAsString() + "`");
                }
            }
            if (own) {
                continue;
            }
            String receiver = JavaTypes.typeOf(call.getScope().get(), scope).orElse("");
            for (String other : JDK.getOrDefault(name, List.of())) {
                if (!STRING_ONLY.contains(other) || receiver.equals("String")) {
                    edits.replace(call.getName(), other, "`" + name + "` -> `" + other + "`");
                }
            }
        }
    }

    private static List<MethodDeclaration> similarOwn(MethodCallExpr call, JavaScope scope) {
        String name = call.getNameAsString();
        List<MethodDeclaration> same = scope.methods().stream().filter(m -> m.getNameAsString().equals(name)
                && m.getParameters().size() == call.getArguments().size()).toList();
        if (same.size() != 1) {
            return List.of();
        }
        MethodDeclaration called = same.get(0);
        return scope.methods().stream().filter(m -> !m.getNameAsString().equals(name)
                && m.getParameters().size() == called.getParameters().size()
                && m.getType().equals(called.getType())
                && (!scope.isStatic() || m.isStatic())
                && sameParameterTypes(m, called)
                && similar(name, m.getNameAsString())).toList();
    }

    private static boolean sameParameterTypes(MethodDeclaration a, MethodDeclaration b) {
        for (int i = 0; i < a.getParameters().size(); i++) {
            if (!a.getParameter(i).getType().equals(b.getParameter(i).getType())) {
                return false;
            }
        }
        return true;
    }

    /** Names a slip of the mind confuses: a small edit distance, or the same first word ({@code isEmpty}, {@code isBlank}). */
    static boolean similar(String a, String b) {
        return distance(a, b) <= Math.max(2, Math.min(a.length(), b.length()) / 3) || firstWord(a).equals(firstWord(b))
                && firstWord(a).length() >= 2 && firstWord(a).length() < Math.min(a.length(), b.length());
    }

    private static String firstWord(String name) {
        for (int i = 1; i < name.length(); i++) {
            if (Character.isUpperCase(name.charAt(i))) {
                return name.substring(0, i);
            }
        }
        return name;
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
