// memory/ placeholder
