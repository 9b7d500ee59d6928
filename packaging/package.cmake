# The Debian package: `make deb` writes gunpowder_<version>_amd64.deb with CPack's DEB
# generator from the rules of `make install` (prefix /usr): the five tools and gunpowder-book, their man pages
# (compressed by deb_pre_build.cmake), bash/zsh/fish completion, and in /usr/share/doc/gunpowder/
# the examples, the house-rules guide, the JSON schemas, the rule tables, the README, copyright and
# changelog. The tools are static (GUNPOWDER_STATIC): the package depends on nothing, as
# dpkg-shlibdeps finds (a build with STATIC=OFF gets libc6, libstdc++6 and libgcc-s1 from it).
# ctest package.deb builds it, unpacks it and runs what it holds (tests/package/deb_test.sh).
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/packaging/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# CPack's staging install must not build the test suite first (`make deb` builds the tools).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gunpowder)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_VENDOR "the gunpowder maintainers")
set(CPACK_PACKAGE_CONTACT "Gunpowder maintainers <maintainers@users.noreply.a-seed-cb30f83f.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "calculators for pike-and-shot wargame rules")
set(CPACK_PACKAGE_DESCRIPTION
    "Five command-line calculators for tabletop wargame rules of the pike-and-shot
era, over one library of the books' rules and tables: artillery-design designs
gunpowder artillery pieces, unit-br rates units for battle and campaign,
war-machine resolves mass battles, campaigns, marches and sieges,
siege-duration times sieges, bombardments and artillery duels, and fire-odds
gives the exact odds of the firing rules; gunpowder-book writes every
reference table and chart of them as an offline website, house rules marked.
Each tool writes text, markdown, csv or JSON, explains its figures with the
rule they come from, and reads TOML inputs and house rules.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # gunpowder_<version>_<arch>.deb
# utils, not games: Debian's games section is for programs in /usr/games.
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
# Compresses the man pages and writes changelog.gz in the staged tree (Debian policy 12.1, 12.7).
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_SOURCE_DIR}/packaging/deb_pre_build.cmake)
set(CPACK_GUNPOWDER_CHANGELOG ${CMAKE_SOURCE_DIR}/packaging/changelog)
include(CPack)
