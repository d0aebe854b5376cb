// sim/ placeholder
