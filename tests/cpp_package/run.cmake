# run(COMMAND...): the command, stopping the script with its output when it
# fails; `out` is its output (stdout and stderr) in the caller's scope.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${status}): ${command}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
