// snapshot.hpp - the built-in tables in a precomputed form, so that a tool does not parse
// data/*.toml at every start (issue 15).
//
// Each loader declares its section once, at namespace scope in its own file:
// `const data::snapshot::Section<Rules> kSection{"war", &build};` (build: the tables from the TOML of
// a data::Tables). That registers it (data::producers()). At build time, `gunpowder-snapshot`
// (lib/snapshot/) runs every registered section's build on the embedded TOML, which checks data/
// strictly (a broken table fails the build), and writes what each built, with save() below, into a
// generated source that the five tools link (`builtin_snapshot.cpp`). At run time a section's get()
// decodes its bytes for a Tables instead of parsing, unless that Tables has house rules in effect or
// the program has no snapshot (the tests, the generator): then it builds from the TOML as before.
// Both paths give the same tables: tests/unit/snapshot checks that the linked snapshot equals what
// the TOML loads.
//
// The encoding visits the fields of each table struct in declaration order (an aggregate's fields,
// through structured bindings): numbers, enums and booleans as their bytes, strings, vectors,
// arrays, optionals, pairs and maps as their size then their elements. string_views are refused at
// compile time (they would point into the building process); a pointer is allowed only to another
// loader's tables, declared with a specialisation of Link (it is not encoded: the reader asks that
// loader again, for the same data::Tables).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/data/data.hpp"

namespace gunpowder::data::snapshot {

namespace detail {

/// Converts to any field type; counts an aggregate's fields by aggregate initialisation.
struct AnyField {
  template <class U>
  operator U() const;  // NOLINT(google-explicit-constructor): declared only, for unevaluated use
};
template <std::size_t>
using AnyFieldAt = AnyField;

template <class T, std::size_t... I>
constexpr bool initialisable_with(std::index_sequence<I...> /*unused*/) {
  return requires { T{AnyFieldAt<I>{}...}; };
}

template <class T, std::size_t N = 0>
constexpr std::size_t field_count() {
  if constexpr (N > 64 || !initialisable_with<T>(std::make_index_sequence<N + 1>{})) {
    return N;
  } else {
    return field_count<T, N + 1>();
  }
}

template <class V, class... F>
void visit_all(V& visit, F&... fields) {
  (visit(fields), ...);
}

#include "gunpowder/data/snapshot_fields.inc"

template <class T>
struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_pair : std::false_type {};
template <class A, class B>
struct is_pair<std::pair<A, B>> : std::true_type {};
template <class T>
struct is_array : std::false_type {};
template <class T, std::size_t N>
struct is_array<std::array<T, N>> : std::true_type {};
template <class T>
struct is_map : std::false_type {};
template <class K, class V, class C, class A>
struct is_map<std::map<K, V, C, A>> : std::true_type {};
template <class K, class V, class H, class E, class A>
struct is_map<std::unordered_map<K, V, H, E, A>> : std::true_type {};
template <class T>
struct is_set : std::false_type {};
template <class K, class C, class A>
struct is_set<std::set<K, C, A>> : std::true_type {};

}  // namespace detail

/// A table that points to another loader's tables (fire's artillery rules point to the artillery
/// catalogue) declares, before its Section, how to get them again from the same data::Tables:
/// `template <> struct data::snapshot::Link<artillery::Catalogue> {
///    static const artillery::Catalogue* get(const data::Tables&); };`
/// get() returns nullptr when that loader fails.
template <class Target>
struct Link;

/// A struct that structured bindings cannot take apart (one with a base class holding fields)
/// lists its parts itself, before its Section:
/// `template <> struct data::snapshot::Fields<siege::DuelRules> { static void visit(auto& t, auto& v) {...} };`
template <class T>
struct Fields;

/// Calls visit(field) on each field of the aggregate t, in declaration order.
template <class T, class V>
void for_each_field(T& t, V&& visit) {
  if constexpr (requires { Fields<std::remove_const_t<T>>::visit(t, visit); }) {
    Fields<std::remove_const_t<T>>::visit(t, visit);
  } else {
    constexpr std::size_t n = detail::field_count<std::remove_const_t<T>>();
    static_assert(n <= detail::kMaxFields, "snapshot: a struct of the tables has more fields than Bind<N> knows");
    if constexpr (n > 0) detail::Bind<n>::visit(t, visit);
  }
}

/// Appends the encoding of values to a byte string. `links`: the Tables whose tables a pointer
/// must point to (none: a table with a pointer cannot be saved).
class Writer {
 public:
  explicit Writer(const Tables* links = nullptr) : links_(links) {}
  template <class T>
  void put(const T& v) {
    using U = std::remove_cv_t<T>;
    static_assert(!std::is_same_v<U, std::string_view>, "snapshot: a table holds a string_view");
    if constexpr (std::is_pointer_v<U>) {
      // Not encoded; it must be the pointer the reader will get back.
      if (!links_ || v != Link<std::remove_cv_t<std::remove_pointer_t<U>>>::get(*links_)) ok_ = false;
    } else if constexpr (std::is_arithmetic_v<U> || std::is_enum_v<U>) {
      out_.append(reinterpret_cast<const char*>(&v), sizeof v);  // NOLINT: the value's bytes
    } else if constexpr (std::is_same_v<U, std::string>) {
      size(v.size());
      out_ += v;
    } else if constexpr (detail::is_vector<U>::value || detail::is_set<U>::value) {
      size(v.size());
      for (const auto& e : v) put(e);
    } else if constexpr (detail::is_array<U>::value) {
      for (const auto& e : v) put(e);
    } else if constexpr (detail::is_optional<U>::value) {
      put(v.has_value());
      if (v) put(*v);
    } else if constexpr (detail::is_pair<U>::value) {
      put(v.first);
      put(v.second);
    } else if constexpr (detail::is_map<U>::value) {
      put_map(v);
    } else {
      static_assert(std::is_aggregate_v<U>, "snapshot: a table struct is not an aggregate");
      for_each_field(v, [&](const auto& f) { put(f); });
    }
  }
  [[nodiscard]] const std::string& bytes() const { return out_; }
  /// False when a pointer did not point to the tables its Link gives.
  [[nodiscard]] bool ok() const { return ok_; }

 private:
  void size(std::size_t n) { put(static_cast<std::uint64_t>(n)); }
  // Keys in order, so that an unordered map gives the same bytes in every build.
  template <class M>
  void put_map(const M& m) {
    std::vector<const typename M::value_type*> items;  // NOLINT(misc-const-correctness)
    items.reserve(m.size());
    for (const auto& kv : m) items.push_back(&kv);
    std::sort(items.begin(), items.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    size(items.size());
    for (const auto* kv : items) {
      put(kv->first);
      put(kv->second);
    }
  }
  const Tables* links_;
  std::string out_;
  bool ok_ = true;
};

/// Reads values back from the bytes a Writer made; ok() is false once the bytes ran out. A pointer
/// is read as what its Link gives for `links` (none: a table with a pointer cannot be read).
class Reader {
 public:
  explicit Reader(std::string_view in, const Tables* links = nullptr) : in_(in), links_(links) {}
  template <class T>
  void get(T& v) {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_pointer_v<U>) {
      v = links_ ? Link<std::remove_cv_t<std::remove_pointer_t<U>>>::get(*links_) : nullptr;
      if (v == nullptr) ok_ = false;
    } else if constexpr (std::is_arithmetic_v<U> || std::is_enum_v<U>) {
      if (!take(sizeof v)) return;
      std::memcpy(&v, in_.data() + pos_ - sizeof v, sizeof v);
    } else if constexpr (std::is_same_v<U, std::string>) {
      const std::size_t n = size();
      if (!take(n)) return;
      v.assign(in_.data() + pos_ - n, n);
    } else if constexpr (detail::is_vector<U>::value) {
      v.resize(size());
      for (auto& e : v) get(e);
    } else if constexpr (detail::is_set<U>::value || detail::is_map<U>::value) {
      get_associative(v);
    } else if constexpr (detail::is_array<U>::value) {
      for (auto& e : v) get(e);
    } else if constexpr (detail::is_optional<U>::value) {
      bool has = false;
      get(has);
      if (has) get(v.emplace());
    } else if constexpr (detail::is_pair<U>::value) {
      get(v.first);
      get(v.second);
    } else {
      for_each_field(v, [&](auto& f) { get(f); });
    }
  }
  /// True when every read found its bytes and all of them were read.
  [[nodiscard]] bool complete() const { return ok_ && pos_ == in_.size(); }

 private:
  bool take(std::size_t n) {
    if (!ok_ || in_.size() - pos_ < n) return ok_ = false;
    pos_ += n;
    return true;
  }
  std::size_t size() {
    std::uint64_t n = 0;
    get(n);
    if (n > in_.size() - pos_) ok_ = false;  // never more elements than bytes left
    return ok_ ? static_cast<std::size_t>(n) : 0;
  }
  template <class C>
  void get_associative(C& c) {
    c.clear();
    const std::size_t n = size();
    for (std::size_t i = 0; i < n && ok_; ++i) {
      typename C::value_type item;
      if constexpr (detail::is_map<C>::value) {
        get(const_cast<std::remove_const_t<typename C::key_type>&>(item.first));  // NOLINT: a fresh pair
        get(item.second);
      } else {
        get(item);
      }
      c.insert(std::move(item));
    }
  }
  std::string_view in_;
  const Tables* links_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

/// The encoding of a table struct; nullopt when one of its pointers is not its Link's for `links`.
template <class T>
std::optional<std::string> save(const T& tables, const Tables* links = nullptr) {
  Writer w(links);
  w.put(tables);
  if (!w.ok()) return std::nullopt;
  return w.bytes();
}

/// Decodes a table struct (its pointers: their Links for `links`); false when the bytes do not hold
/// exactly one.
template <class T>
bool load(std::string_view bytes, T& tables, const Tables* links = nullptr) {
  Reader r(bytes, links);
  r.get(tables);
  return r.complete();
}

/// One section of the linked snapshot: the encoded tables of one loader.
struct SectionBytes {
  std::string_view name;
  std::string_view bytes;
};

/// Called once, before main, by the generated snapshot that a tool links: the bytes are constants
/// of the program, like the embedded TOML (they never change while it runs).
void install(const SectionBytes* sections, std::size_t count);

/// The bytes of a loader's section; empty when the program has no snapshot.
std::string_view section(std::string_view name);

/// The snapshot section of a loader (for the generator): its tables' bytes, or the TOML's errors.
/// The bytes are read back and encoded again, and must come out the same: every field survives the
/// snapshot (a field the encoding lost, or a pointer not its Link's, fails the build).
template <class T>
Expected<std::string> section_of(const Expected<T>& built, const Tables& links) {
  if (!built) return built.error();
  auto bytes = save(*built, &links);
  if (!bytes)
    return Expected<std::string>::failure("a pointer of the tables is not the one snapshot::Link gives", {},
                                          ExitCode::internal);
  T copy{};
  if (!load(*bytes, copy, &links) || save(copy, &links) != bytes)
    return Expected<std::string>::failure("the tables do not read back the same from their snapshot", {},
                                          ExitCode::internal);
  return std::move(*bytes);
}

/// A module's tables, declared once at namespace scope in its loader's file, which registers the
/// section (data::producers(): the generator writes it into the snapshot):
///   `const data::snapshot::Section<Rules> kSection{"war", &build};`
/// where `Expected<Rules> build(const data::Tables&)` reads the TOML (data::load) and asks other
/// modules for theirs through the same Tables. get(tables) gives the tables of that Tables object:
/// decoded from the program's snapshot when it has one and `tables` has no house rules, else
/// built; made on the first request and kept in `tables` (Tables::made_by).
template <class T>
class Section final : public Producer {
 public:
  using Build = Expected<T> (*)(const Tables&);
  Section(std::string_view name, Build build) : Producer(name), build_(build) {}

  [[nodiscard]] const Expected<T>& get(const Tables& tables) const {
    return *static_cast<const Expected<T>*>(tables.made_by(*this));
  }

  [[nodiscard]] void* make(const Tables& tables) const override {
    if (!tables.house_rules_in_effect() && tables.source() == Tables::Source::snapshot_if_linked) {
      const std::string_view bytes = section(name());
      if (!bytes.empty()) {
        T decoded{};
        if (load(bytes, decoded, &tables)) return new Expected<T>(std::move(decoded));  // NOLINT: owned by `tables`
      }
    }
    return new Expected<T>(build_(tables));  // NOLINT(cppcoreguidelines-owning-memory): owned by `tables`
  }
  void destroy(void* made) const override { delete static_cast<Expected<T>*>(made); }  // NOLINT: made by make()
  [[nodiscard]] Expected<std::string> encode(const Tables& tables) const override {
    return section_of(build_(tables), tables);
  }

 private:
  Build build_;
};

}  // namespace gunpowder::data::snapshot
