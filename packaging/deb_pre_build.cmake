# Run by CPack on the staged tree before it builds the .deb (CPACK_PRE_BUILD_SCRIPTS): man pages
# compressed with gzip -9n (no name or time stamp: the same bytes every build), the Debian changelog,
# (changelog.gz), and the copyright followed by those of toml++ and CLI11 (Debian policy 12.1, 12.5, 12.7).
find_program(GZIP gzip REQUIRED)
file(GLOB_RECURSE pages "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/share/man/man1/*.1")
foreach(page IN LISTS pages)
  execute_process(COMMAND ${GZIP} -9nf ${page} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${page} failed")
  endif()
endforeach()
file(GLOB_RECURSE copyright "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/share/doc/gunpowder/copyright")
if(NOT copyright)
  message(FATAL_ERROR "no share/doc/gunpowder/copyright in ${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
endif()
list(GET copyright 0 copyright)
get_filename_component(docdir ${copyright} DIRECTORY)
# The licences of what the static tools include, from the copyright files of Debian's packages.
foreach(dep libtomlplusplus-dev libcli11-dev)
  set(file /usr/share/doc/${dep}/copyright)
  if(NOT EXISTS ${file})
    message(FATAL_ERROR "${file} not found (the build dependency ${dep})")
  endif()
  file(READ ${file} text)
  file(APPEND ${copyright} "\n-- ${dep} (${file}):\n\n${text}")
endforeach()
# A native package (no Debian revision): its changelog is changelog.gz (policy 12.7).
configure_file(${CPACK_GUNPOWDER_CHANGELOG} ${docdir}/changelog COPYONLY)
execute_process(COMMAND ${GZIP} -9nf ${docdir}/changelog RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip changelog failed")
endif()
# The tools are static-pie programs: ELF objects of type DYN without dependencies, which lintian
# takes for shared libraries lacking theirs.
get_filename_component(sharedir ${docdir} DIRECTORY)
get_filename_component(sharedir ${sharedir} DIRECTORY)
file(WRITE ${sharedir}/lintian/overrides/gunpowder
     "# static-pie programs, not shared libraries\ngunpowder: shared-library-lacks-prerequisites [usr/bin/*]\n")
