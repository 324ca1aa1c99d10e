package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the syntax tree alone can say about types' relatives and members: the supertypes of
 * the JDK's collection, number, text and exception types, and the types the file declares
 * (their {@code extends}/{@code implements}, fields and methods). Types are simple names as
 * written; no import is resolved, so a name the file declares wins over the JDK's.
 */
final class JavaTypeHierarchy {
    private static final Map<String, List<String>> JDK_SUPERTYPES = Map.ofEntries(
            Map.entry("ArrayList", List.of("List", "Collection", "Iterable")),
            Map.entry("LinkedList", List.of("List", "Deque", "Queue", "Collection", "Iterable")),
            Map.entry("Vector", List.of("List", "Collection")),
            Map.entry("Stack", List.of("Vector", "List", "Collection")),
            Map.entry("List", List.of("Collection", "Iterable")),
            Map.entry("Set", List.of("Collection", "Iterable")),
            Map.entry("HashSet", List.of("Set", "Collection", "Iterable")),
            Map.entry("LinkedHashSet", List.of("HashSet", "Set", "Collection")),
            Map.entry("TreeSet", List.of("NavigableSet", "SortedSet", "Set", "Collection")),
            Map.entry("NavigableSet", List.of("SortedSet", "Set", "Collection")),
            Map.entry("SortedSet", List.of("Set", "Collection")),
            Map.entry("EnumSet", List.of("Set", "Collection")),
            Map.entry("Queue", List.of("Collection", "Iterable")),
            Map.entry("Deque", List.of("Queue", "Collection")),
            Map.entry("ArrayDeque", List.of("Deque", "Queue", "Collection")),
            Map.entry("PriorityQueue", List.of("Queue", "Collection")),
            Map.entry("Collection", List.of("Iterable")),
            Map.entry("HashMap", List.of("Map")),
            Map.entry("LinkedHashMap", List.of("HashMap", "Map")),
            Map.entry("TreeMap", List.of("NavigableMap", "SortedMap", "Map")),
            Map.entry("NavigableMap", List.of("SortedMap", "Map")),
            Map.entry("SortedMap", List.of("Map")),
            Map.entry("ConcurrentHashMap", List.of("ConcurrentMap", "Map")),
            Map.entry("ConcurrentMap", List.of("Map")),
            Map.entry("EnumMap", List.of("Map")),
            Map.entry("IdentityHashMap", List.of("Map")),
            Map.entry("WeakHashMap", List.of("Map")),
            Map.entry("Integer", List.of("Number")),
            Map.entry("Long", List.of("Number")),
            Map.entry("Double", List.of("Number")),
            Map.entry("Float", List.of("Number")),
            Map.entry("Short", List.of("Number")),
            Map.entry("Byte", List.of("Number")),
            Map.entry("BigDecimal", List.of("Number")),
            Map.entry("BigInteger", List.of("Number")),
            Map.entry("String", List.of("CharSequence")),
            Map.entry("StringBuilder", List.of("CharSequence")),
            Map.entry("StringBuffer", List.of("CharSequence")),
            Map.entry("NumberFormatException", List.of("IllegalArgumentException", "RuntimeException")),
            Map.entry("IllegalArgumentException", List.of("RuntimeException", "Exception")),
            Map.entry("IllegalStateException", List.of("RuntimeException", "Exception")),
            Map.entry("UnsupportedOperationException", List.of("RuntimeException")),
            Map.entry("NullPointerException", List.of("RuntimeException")),
            Map.entry("IndexOutOfBoundsException", List.of("RuntimeException")),
            Map.entry("ArrayIndexOutOfBoundsException", List.of("IndexOutOfBoundsException", "RuntimeException")),
            Map.entry("ClassCastException", List.of("RuntimeException")),
            Map.entry("ArithmeticException", List.of("RuntimeException")),
            Map.entry("UncheckedIOException", List.of("RuntimeException")),
            Map.entry("FileNotFoundException", List.of("IOException", "Exception")),
            Map.entry("IOException", List.of("Exception")),
            Map.entry("RuntimeException", List.of("Exception", "Throwable")),
            Map.entry("Exception", List.of("Throwable")),
            Map.entry("Error", List.of("Throwable")));
    private static final Set<String> COLLECTIONS = Set.of("Collection", "List", "ArrayList", "LinkedList", "Vector",
            "Stack", "Set", "HashSet", "LinkedHashSet", "TreeSet", "SortedSet", "NavigableSet", "EnumSet", "Queue",
            "Deque", "ArrayDeque", "PriorityQueue");
    private static final Set<String> MAPS = Set.of("Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap",
            "NavigableMap", "ConcurrentHashMap", "ConcurrentMap", "EnumMap", "IdentityHashMap", "WeakHashMap");

    private final CompilationUnit unit;

    JavaTypeHierarchy(CompilationUnit unit) {
        this.unit = unit;
    }

    /** {@code Map<String, List<Integer>>} -> {@code Map}; arrays keep no brackets off. */
    static String base(String type) {
        int lt = type.indexOf('<');
        return (lt < 0 ? type : type.substring(0, lt)).strip();
    }

    /** The type arguments as written, split at top-level commas; empty for a raw or plain type. */
    static List<String> typeArguments(String type) {
        int lt = type.indexOf('<');
        if (lt < 0 || !type.endsWith(">")) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = lt + 1;
        for (int i = start; i < type.length() - 1; i++) {
            char c = type.charAt(i);
            depth += c == '<' ? 1 : c == '>' ? -1 : 0;
            if (c == ',' && depth == 0) {
                out.add(type.substring(start, i).strip());
                start = i + 1;
            }
        }
        out.add(type.substring(start, type.length() - 1).strip());
        return out;
    }

    static boolean isCollection(String type) {
        return COLLECTIONS.contains(base(type));
    }

    static boolean isMap(String type) {
        return MAPS.contains(base(type));
    }

    /** A collection, a map or a String: a value with {@code isEmpty()}. */
    static boolean hasIsEmpty(String type) {
        return isCollection(type) || isMap(type) || base(type).equals("String");
    }

    /** Supertypes of a simple type name, nearest first: the file's own declarations, else the JDK's table. */
    List<String> supertypes(String type) {
        Set<String> out = new LinkedHashSet<>();
        List<String> queue = new ArrayList<>(List.of(base(type)));
        for (int i = 0; i < queue.size() && out.size() < 8; i++) {
            for (String parent : directSupertypes(queue.get(i))) {
                if (!parent.equals(base(type)) && out.add(parent)) {
                    queue.add(parent);
                }
            }
        }
        return List.copyOf(out);
    }

    /** Types that list {@code type} among their supertypes, in the file or the JDK's table. */
    List<String> subtypes(String type) {
        String b = base(type);
        Set<String> out = new LinkedHashSet<>();
        for (ClassOrInterfaceDeclaration c : unit.findAll(ClassOrInterfaceDeclaration.class)) {
            if (directSupertypes(c.getNameAsString()).contains(b)) {
                out.add(c.getNameAsString());
            }
        }
        JDK_SUPERTYPES.entrySet().stream().filter(e -> e.getValue().get(0).equals(b)).map(Map.Entry::getKey)
                .sorted().forEach(out::add);
        return List.copyOf(out);
    }

    private List<String> directSupertypes(String type) {
        Optional<TypeDeclaration<?>> declared = declaration(type);
        if (declared.isPresent()) {
            List<String> out = new ArrayList<>();
            if (declared.get() instanceof ClassOrInterfaceDeclaration c) {
                c.getExtendedTypes().forEach(t -> out.add(t.getNameAsString()));
                c.getImplementedTypes().forEach(t -> out.add(t.getNameAsString()));
            } else if (declared.get() instanceof RecordDeclaration r) {
                r.getImplementedTypes().forEach(t -> out.add(t.getNameAsString()));
            }
            return out;
        }
        return JDK_SUPERTYPES.getOrDefault(type, List.of());
    }

    /** A type the file declares, by simple name. */
    Optional<TypeDeclaration<?>> declaration(String type) {
        String b = base(type);
        return unit.findAll(TypeDeclaration.class).stream().filter(t -> t.getNameAsString().equals(b))
                .<TypeDeclaration<?>>map(t -> (TypeDeclaration<?>) t).findFirst();
    }

    /** The declared type of a field of a type the file declares, record components included. */
    Optional<String> fieldType(String owner, String field) {
        Optional<TypeDeclaration<?>> declared = declaration(owner);
        if (declared.isEmpty()) {
            return Optional.empty();
        }
        for (FieldDeclaration f : declared.get().getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                if (v.getNameAsString().equals(field)) {
                    return Optional.of(v.getType().asString());
                }
            }
        }
        if (declared.get() instanceof RecordDeclaration r) {
            return r.getParameters().stream().filter(p -> p.getNameAsString().equals(field))
                    .map(p -> p.getType().asString()).findFirst();
        }
        return Optional.empty();
    }

    /**
     * The fields of a type the file declares that code at {@code from} may read, by name, in
     * declaration order: a private one only within the same top-level type.
     */
    Map<String, String> fields(String owner, com.github.javaparser.ast.Node from) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        declaration(owner).ifPresent(d -> d.getFields().stream()
                .filter(f -> !f.isPrivate() || topLevel(d) == topLevel(from))
                .forEach(f -> f.getVariables().forEach(v -> out.put(v.getNameAsString(), v.getType().asString()))));
        return out;
    }

    private static com.github.javaparser.ast.Node topLevel(com.github.javaparser.ast.Node n) {
        com.github.javaparser.ast.Node top = n;
        for (com.github.javaparser.ast.Node p = n; p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof TypeDeclaration<?>) {
                top = p;
            }
        }
        return top;
    }

    /** Whether a type the file declares has a method of that name. */
    boolean hasMethod(String owner, String method) {
        return declaration(owner).map(d -> d.getMethods().stream().map(MethodDeclaration::getNameAsString)
                .anyMatch(method::equals)).orElse(false);
    }

    /** Whether {@code type} names a class or interface: a type the file declares or the JDK's table knows. */
    boolean isKnown(String type) {
        return declaration(type).isPresent() || JDK_SUPERTYPES.containsKey(base(type))
                || JDK_SUPERTYPES.values().stream().anyMatch(l -> l.contains(base(type)));
    }

    /** The simple name of a class type node, without its scope or type arguments. */
    static String simpleName(ClassOrInterfaceType t) {
        return t.getNameAsString();
    }
}
